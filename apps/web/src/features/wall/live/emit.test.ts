import { afterEach, describe, expect, it, vi } from 'vitest'
import { ACK_TIMEOUT_MS, emitAcked } from './emit'
import { FakeSocket } from '../queries/wall.test-support'

afterEach(() => {
  vi.useRealTimers()
})

describe('emitAcked', () => {
  it('emits the event and its payload with the acknowledgement timeout', async () => {
    const socket = new FakeSocket()
    socket.respond = () => 1

    await emitAcked(socket.asSocket(), 'message', { idPostEmet: 'p1' })

    expect(socket.acked).toHaveLength(1)
    expect(socket.acked[0]).toMatchObject({
      event: 'message',
      payload: { idPostEmet: 'p1' },
      timeoutMs: 10_000,
    })
    expect(ACK_TIMEOUT_MS).toBe(10_000)
  })

  it('reads the answer 1 as stored', async () => {
    const socket = new FakeSocket()
    socket.respond = () => 1
    await expect(emitAcked(socket.asSocket(), 'comment', {})).resolves.toEqual({ kind: 'stored' })
  })

  it('reads too_many_requests as throttled, for the seconds the server gave', async () => {
    const socket = new FakeSocket()
    socket.respond = () => ({
      error: { code: 'too_many_requests', message: 'Slow down', retryAfterSeconds: 7 },
    })
    await expect(emitAcked(socket.asSocket(), 'message', {})).resolves.toEqual({
      kind: 'throttled',
      retryAfterMs: 7000,
    })
  })

  it('waits 5 seconds on a throttle that gives no delay', async () => {
    const socket = new FakeSocket()
    socket.respond = () => ({ error: { code: 'too_many_requests', message: 'Slow down' } })
    await expect(emitAcked(socket.asSocket(), 'message', {})).resolves.toEqual({
      kind: 'throttled',
      retryAfterMs: 5000,
    })
  })

  it('reads any other error body as refused, with that error', async () => {
    const socket = new FakeSocket()
    const error = { code: 'forbidden', message: 'You can only send to your contacts.' }
    socket.respond = () => ({ error })
    await expect(emitAcked(socket.asSocket(), 'message', {})).resolves.toEqual({
      kind: 'refused',
      error,
    })
  })

  it('reads an answer outside the contract as refused, without a message', async () => {
    const socket = new FakeSocket()
    socket.respond = () => 'ok'
    await expect(emitAcked(socket.asSocket(), 'saveGroup', {})).resolves.toEqual({
      kind: 'refused',
      error: { code: 'internal', message: '' },
    })
  })

  it('is unanswered when no acknowledgement comes before the timeout', async () => {
    vi.useFakeTimers()
    const socket = new FakeSocket()
    let outcome: unknown
    void emitAcked(socket.asSocket(), 'message', {}).then((o) => (outcome = o))

    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS - 1)
    expect(outcome).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome).toEqual({ kind: 'unanswered' })
  })

  it('takes a late answer given before the timeout', async () => {
    vi.useFakeTimers()
    const socket = new FakeSocket()
    const pending = emitAcked(socket.asSocket(), 'participant', {}, 2000)

    await vi.advanceTimersByTimeAsync(1500)
    socket.acked[0]?.answer(1)

    await expect(pending).resolves.toEqual({ kind: 'stored' })
  })
})
