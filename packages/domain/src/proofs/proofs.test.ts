import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useDomainScene } from '../testing/domain-scene.js'

const scene = useDomainScene()
const inAnHour = () => new Date(Date.now() + 3_600_000)

describe('the proof ledger', () => {
  it('spends a proof once; a second use is refused', async () => {
    const id = randomUUID()
    expect(await scene.domain.proofs.spend(id, inAnHour())).toBe(true)
    expect(await scene.domain.proofs.spend(id, inAnHour())).toBe(false)
    expect(await scene.domain.proofs.spend(randomUUID(), inAnHour())).toBe(true)
  })

  it('lets exactly one of 20 racing uses of one proof through', async () => {
    const id = randomUUID()
    const uses = await Promise.all(
      Array.from({ length: 20 }, () => scene.domain.proofs.spend(id, inAnHour())),
    )
    expect(uses.filter(Boolean)).toHaveLength(1)
  })

  it('forgets spent proofs when they expire (a TTL index)', async () => {
    const indexes = await scene.connection.collection('spent_proofs').indexes()
    expect(indexes).toContainEqual(
      expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }),
    )
  })
})
