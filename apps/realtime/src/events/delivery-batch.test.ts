// The delivery marks' batches (docs/realtime.md, "Delivery marks"): acknowledgements of a short
// window, and those that come while a batch waits for its posts' writes, are marked together;
// those that come while one is being marked go together in the next.
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAckBatcher } from './delivery-batch.js'
import type { AckedItem } from './delivery-batch.js'

/** A promise and its two ends, to let a write or a marking finish when the test says. */
const deferred = <T = void>() => {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/**
 * A batcher whose marking the test holds: each call waits on `release()` (or goes through when
 * `held` is false), and `next()` answers the next batch marked.
 */
const harness = ({ held = false, failFirst = false } = {}) => {
  const logged: string[] = []
  const logger = pino(
    { level: 'error' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString())
        done()
      },
    }),
  )
  const batches: AckedItem[][] = []
  const waiting: ((batch: AckedItem[]) => void)[] = []
  let gate = deferred()
  let calls = 0
  const batcher = createAckBatcher(logger, async (batch) => {
    calls++
    const copy = batch.map((item) => ({ ...item, recipients: [...item.recipients] }))
    batches.push(copy)
    waiting.shift()?.(copy)
    if (held) await gate.promise
    if (failFirst && calls === 1) throw new Error('the database went away')
  })
  return {
    batcher,
    batches,
    logged,
    next: () => new Promise<AckedItem[]>((resolve) => waiting.push(resolve)),
    release() {
      gate.resolve()
      gate = deferred()
    },
  }
}

describe('the delivery marks’ batches', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('wait for the post’s entries, gathering every acknowledgement that comes meanwhile', async () => {
    const h = harness()
    const entries = deferred()
    h.batcher.storing('p1', entries.promise)
    h.batcher.received('p1', '336a', '336s')
    h.batcher.received('p1', '336b', '336s')
    const marked = h.next()
    // Once the batch has begun waiting, still being written: later acknowledgements (and a
    // second socket of someone already in) join the same batch.
    await new Promise((resolve) => setImmediate(resolve))
    h.batcher.received('p1', '336c', '336s')
    h.batcher.received('p1', '336a', '336s')
    entries.resolve()
    expect(await marked).toEqual([
      { id: 'p1', recipients: ['336a', '336b', '336c'], author: '336s' },
    ])
    expect(h.batches).toHaveLength(1)
  })

  it('mark an acknowledgement that came alone', async () => {
    const h = harness()
    const marked = h.next()
    h.batcher.received('p2', '336a')
    expect(await marked).toEqual([{ id: 'p2', recipients: ['336a'] }])
  })

  it('put what comes during a marking in the next one, several posts together', async () => {
    const h = harness({ held: true })
    const first = h.next()
    h.batcher.received('p1', '336a', '336s')
    expect(await first).toEqual([{ id: 'p1', recipients: ['336a'], author: '336s' }])
    const second = h.next()
    h.batcher.received('p1', '336b', '336s')
    h.batcher.received('p2', '336a', '336t')
    h.batcher.received('p3', '336c')
    h.release()
    expect(await second).toEqual([
      { id: 'p1', recipients: ['336b'], author: '336s' },
      { id: 'p2', recipients: ['336a'], author: '336t' },
      { id: 'p3', recipients: ['336c'] },
    ])
    h.release()
  })

  it('are marked under steady load, while later posts are still being written', async () => {
    // Under load a new post is always being written when the one before is: the batch waits for
    // the writes of the posts it held when it began waiting, not for those of posts acknowledged
    // since, or no mark would reach a sender until the load stops. The window's timer is the
    // test's, so "the batch began waiting" is a step of the test and not a guess.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    const h = harness()
    const first = h.next()
    const writes = Array.from({ length: 10 }, () => deferred())
    h.batcher.storing('p0', writes[0]!.promise)
    h.batcher.received('p0', '336a', '336s')
    await vi.advanceTimersByTimeAsync(15)
    // A conveyor: each post is stored and acknowledged while the one before is being written.
    for (let k = 1; k < writes.length; k++) {
      h.batcher.storing(`p${k}`, writes[k]!.promise)
      h.batcher.received(`p${k}`, '336a', '336s')
      writes[k - 1]!.resolve()
      await new Promise((resolve) => setImmediate(resolve))
    }
    writes.at(-1)!.resolve()
    expect(await first).toEqual([{ id: 'p0', recipients: ['336a'], author: '336s' }])
    // The rest follow in later batches, each once its posts are written: none is lost.
    await vi.advanceTimersByTimeAsync(15)
    await vi.advanceTimersByTimeAsync(15)
    expect(h.batches.flat().map((item) => item.id)).toEqual(writes.map((_, k) => `p${k}`))
  })

  it('go on after a post whose entries failed, and after a marking that failed', async () => {
    const h = harness({ failFirst: true })
    const failedWrite = deferred()
    h.batcher.storing('p1', failedWrite.promise)
    const first = h.next()
    h.batcher.received('p1', '336a')
    failedWrite.reject(new Error('insert failed'))
    // The marks of a post whose entries are not there find nothing to mark; they still run.
    expect(await first).toEqual([{ id: 'p1', recipients: ['336a'] }])
    const second = h.next()
    h.batcher.received('p2', '336b')
    expect(await second).toEqual([{ id: 'p2', recipients: ['336b'] }])
    expect(h.logged.join('')).toContain('delivery marks failed')
  })
})
