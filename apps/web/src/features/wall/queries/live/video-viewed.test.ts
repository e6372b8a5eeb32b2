import type { FileViews } from '@palabre/contracts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { wallKeys } from '../keys'
import { Outbox, outboxKey } from '../sending/outbox'
import { FakeSocket, alice, bob, invalidated, newClient, viewer } from '../wall.test-support'
import { listenLive } from './live-events'

const clip = 'clip___v1.mp4'
const key = wallKeys.fileViews(viewer, clip)
const table = (): FileViews => ({
  durationSeconds: 20,
  viewers: [
    { phone: alice, name: 'Alice', watchedFraction: 0.1, completedAt: null },
    { phone: bob, name: 'Bob', watchedFraction: 0, completedAt: null },
  ],
})

let socket: FakeSocket
let outbox: Outbox
let stop: () => void
const client = newClient()

beforeEach(() => {
  client.clear()
  socket = new FakeSocket()
  outbox = new Outbox(outboxKey(viewer), localStorage)
  stop = listenLive({
    socket: socket.asSocket(),
    client,
    phone: viewer,
    outbox,
    openPostId: () => undefined,
    onFolderAdded: vi.fn(),
    onFolderLost: vi.fn(),
    onPostArrived: vi.fn(),
    onCommentArrived: vi.fn(),
    onAnnouncementReminder: vi.fn(),
    onSessionEnded: vi.fn(),
  })
})

afterEach(() => {
  stop()
  outbox.dispose()
  localStorage.clear()
})

describe('videoViewed (docs/files.md, "Proof of viewing")', () => {
  it("moves the reader's row of the sender's table at once", () => {
    client.setQueryData(key, table())
    socket.fire('videoViewed', { name: clip, phone: bob, watchedFraction: 0.5, completedAt: null })
    expect(client.getQueryData<FileViews>(key)?.viewers).toEqual([
      table().viewers[0],
      { phone: bob, name: 'Bob', watchedFraction: 0.5, completedAt: null },
    ])
    expect(invalidated(client, key)).toBe(false)

    const done = '2024-05-01T10:00:00.000Z'
    socket.fire('videoViewed', { name: clip, phone: bob, watchedFraction: 0.95, completedAt: done })
    expect(client.getQueryData<FileViews>(key)?.viewers[1]).toMatchObject({
      watchedFraction: 0.95,
      completedAt: done,
    })
  })

  it('reads the table again when it does not hold the reader yet', () => {
    client.setQueryData(key, table())
    socket.fire('videoViewed', {
      name: clip,
      phone: '33600000009',
      watchedFraction: 0.2,
      completedAt: null,
    })
    expect(invalidated(client, key)).toBe(true)
    expect(client.getQueryData<FileViews>(key)).toEqual(table())
  })

  it('leaves a table nobody shows alone', () => {
    socket.fire('videoViewed', { name: clip, phone: bob, watchedFraction: 0.5, completedAt: null })
    expect(client.getQueryData(key)).toBeUndefined()
  })
})
