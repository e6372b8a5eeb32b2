// The limiter rests on the engine applying concurrent writes to one document one after another
// (docs/database-engine.md, "What an engine must give"). These calls come in parallel through
// several connections, as they would from several api nodes.
import { describe, expect, it } from 'vitest'
import { together, useDomainScene } from '../testing/domain-scene.js'
import { createRateLimiter } from './rate-limiter.js'
import type { RateDecision, RateLimiter } from './rate-limiter.js'
import { rateSlotModel } from './rate-slot-model.js'

const scene = useDomainScene({ nodes: 4 })

const limiters = new Map<object, RateLimiter>()
/** The limiter of a node, over that node's own connection. */
const limiterOf = (node: (typeof scene.nodes)[number]): RateLimiter => {
  const known = limiters.get(node)
  if (known) return known
  const made = createRateLimiter(node.connection)
  limiters.set(node, made)
  return made
}

const allowed = (decisions: RateDecision[]) => decisions.filter((d) => d.allowed).length

describe('the rate limiter under concurrency', () => {
  it('lets exactly `limit` of 100 simultaneous events through, from several connections', async () => {
    const rule = { limit: 5, windowMs: 60_000 }
    const now = new Date()
    const decisions = await together(scene.nodes, 100, (node) =>
      limiterOf(node).consume('race:same-instant', rule, now),
    )
    expect(allowed(decisions)).toBe(5)
    for (const refused of decisions.filter((d) => !d.allowed))
      expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 })
    // The window is full: the next event is refused too, from any node.
    expect(await limiterOf(scene.nodes[0]!).consume('race:same-instant', rule, now)).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
    })
    expect(await rateSlotModel(scene.connection).countDocuments({ key: 'race:same-instant' })).toBe(
      5,
    )
  })

  it('lets exactly `limit` through when the racing events carry different times', async () => {
    // Nodes' clocks and request latencies differ: events of one window arrive in any order of
    // their times. (The former insert-then-rank limiter let 6 or 7 of these 60 through.)
    const rule = { limit: 5, windowMs: 60_000 }
    const start = Date.now()
    const decisions = await together(scene.nodes, 60, (node, i) =>
      limiterOf(node).consume('race:spread', rule, new Date(start + ((i * 37) % 60) * 100)),
    )
    expect(allowed(decisions)).toBe(5)
  })

  it('keeps the limits of different keys apart under the same load', async () => {
    const rule = { limit: 3, windowMs: 60_000 }
    const now = new Date()
    const decisions = await together(scene.nodes, 40, async (node, i) => ({
      key: i % 2,
      decision: await limiterOf(node).consume(`race:key-${i % 2}`, rule, now),
    }))
    for (const key of [0, 1])
      expect(allowed(decisions.filter((d) => d.key === key).map((d) => d.decision))).toBe(3)
  })
})
