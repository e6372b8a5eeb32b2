// The export's access check (docs/export.md, "Access that ends"): asked at most once per
// interval of the clock, the request's own check counting as the first.
import { describe, expect, it } from 'vitest'
import { testClock } from '../../test/api-harness.js'
import { AccessEnded, accessCheck } from './access-check.js'

describe('accessCheck', () => {
  it('asks at most once an interval, and throws the reason it is given', async () => {
    const clock = testClock()
    let asked = 0
    let ended: string | null = null
    const check = accessCheck(
      () => {
        asked++
        return Promise.resolve(ended)
      },
      clock.now,
      1000,
    )
    // Within the first interval: the request's own check stands, nothing is read.
    for (let i = 0; i < 100; i++) await check()
    expect(asked).toBe(0)
    clock.advance(1000)
    await check()
    await check()
    expect(asked).toBe(1)
    ended = 'the session ended'
    clock.advance(999)
    await check()
    expect(asked).toBe(1)
    clock.advance(1)
    await expect(check()).rejects.toEqual(new AccessEnded('the session ended'))
    expect(asked).toBe(2)
  })
})
