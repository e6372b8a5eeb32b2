import { describe, expect, it } from 'vitest'
import { groupCommit } from './group-commit.js'

/** A write whose end the test decides, recording the batches it was given. */
const gate = () => {
  const batches: number[][] = []
  const ends: (() => void)[] = []
  const write = (items: number[]) => {
    batches.push(items)
    return new Promise<string[]>((resolve) => ends.push(() => resolve(items.map((i) => `#${i}`))))
  }
  return { batches, ends, write }
}

describe('groupCommit', () => {
  it('writes the first item at once and gathers those that come meanwhile into one batch', async () => {
    const { batches, ends, write } = gate()
    const submit = groupCommit(write)
    const first = submit(1)
    const later = [submit(2), submit(3), submit(4)]
    expect(batches).toEqual([[1]])
    ends[0]?.()
    expect(await first).toBe('#1')
    await new Promise((resolve) => setImmediate(resolve))
    expect(batches).toEqual([[1], [2, 3, 4]])
    ends[1]?.()
    expect(await Promise.all(later)).toEqual(['#2', '#3', '#4'])
  })

  it('fails every item of a failed batch, and goes on with the next', async () => {
    let calls = 0
    const submit = groupCommit(async (items: number[]) => {
      calls++
      if (items.includes(2)) throw new Error('refused')
      return items.map((i) => i * 10)
    })
    const results = await Promise.allSettled([submit(1), submit(2), submit(3)])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected'])
    expect(await submit(4)).toBe(40)
    expect(calls).toBe(3)
  })
})
