// Fair turns between the people who ask for previews (docs/files.md, "Fair turns").
import { describe, expect, it } from 'vitest'
import { createFairTurns, PreviewsBusy } from './fair-turns.js'

/** A task that ends when the test says, and tells when it started. */
const gated = (name: string, started: string[]) => {
  let open: () => void = () => undefined
  const gate = new Promise<void>((done) => (open = done))
  return {
    task: async () => {
      started.push(name)
      await gate
      return name
    },
    open: () => open(),
  }
}

describe('fair turns', () => {
  it('let each person with work waiting take a turn, in the order they first asked', async () => {
    const turns = createFairTurns({ concurrency: 1, perPerson: 5, retryAfterSeconds: 60 })
    const started: string[] = []
    const tasks = Object.fromEntries(
      ['ann-1', 'ann-2', 'ann-3', 'bob-1', 'bob-2', 'cat-1'].map((name) => [
        name,
        gated(name, started),
      ]),
    )
    const done = [
      turns.run('ann', tasks['ann-1']!.task),
      turns.run('ann', tasks['ann-2']!.task),
      turns.run('ann', tasks['ann-3']!.task),
      turns.run('bob', tasks['bob-1']!.task),
      turns.run('bob', tasks['bob-2']!.task),
      turns.run('cat', tasks['cat-1']!.task),
    ]
    expect(turns.size()).toBe(6)
    // Each task is let go once it has started, so the next one's turn comes.
    for (let i = 0; i < 6; i += 1) {
      await expect.poll(() => started.length).toBe(i + 1)
      tasks[started[i]!]!.open()
    }
    expect(await Promise.all(done)).toEqual(['ann-1', 'ann-2', 'ann-3', 'bob-1', 'bob-2', 'cat-1'])
    expect(started).toEqual(['ann-1', 'bob-1', 'cat-1', 'ann-2', 'bob-2', 'ann-3'])
    expect(turns.size()).toBe(0)
  })

  it("refuse a person's task past their share at once, and take it again once one ended", async () => {
    const turns = createFairTurns({ concurrency: 1, perPerson: 2, retryAfterSeconds: 42 })
    const started: string[] = []
    const first = gated('ann-1', started)
    const second = gated('ann-2', started)
    const running = [turns.run('ann', first.task), turns.run('ann', second.task)]
    const refused = turns.run('ann', async () => 'ann-3')
    await expect(refused).rejects.toBeInstanceOf(PreviewsBusy)
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 42 })
    // Someone else is not refused for Ann's share.
    const bob = turns.run('bob', async () => 'bob-1')
    await expect.poll(() => started).toEqual(['ann-1'])
    first.open()
    await expect(bob).resolves.toBe('bob-1')
    await expect.poll(() => started).toEqual(['ann-1', 'ann-2'])
    // One of Ann's ended: she may ask again.
    const again = turns.run('ann', async () => 'ann-4')
    second.open()
    expect(await Promise.all([...running, again])).toEqual(['ann-1', 'ann-2', 'ann-4'])
  })

  it('count a failed task as ended, and tell when nothing waits or runs', async () => {
    const turns = createFairTurns({ concurrency: 1, perPerson: 1, retryAfterSeconds: 1 })
    await expect(
      turns.run('ann', () => Promise.reject(new Error('broken document'))),
    ).rejects.toThrow('broken document')
    await expect(turns.run('ann', async () => 'next')).resolves.toBe('next')
    const started: string[] = []
    const held = gated('ann', started)
    const running = turns.run('ann', held.task)
    let idle = false
    const idled = turns.idle().then(() => (idle = true))
    await expect.poll(() => started).toEqual(['ann'])
    expect(idle).toBe(false)
    held.open()
    await running
    await idled
    expect(turns.size()).toBe(0)
  })
})
