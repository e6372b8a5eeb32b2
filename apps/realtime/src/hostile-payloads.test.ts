// A payload nested 5,000 levels deep (about 10 KB) used to overflow the stack of the NUL check,
// outside the event's error path: Node exited and took the product down. Then every payload's
// shape was checked without recursion, after socket.io's decoder had parsed it: 450,000 nested
// brackets cost a quarter of a second before the event's budget. Now the decoder refuses a packet
// nested too deep before parsing it, which closes that connection, and every listener's whole
// body is inside the error path (docs/security.md, "Bad input").
import { clientEvents, MAX_INPUT_DEPTH, NUL_TEXT_MESSAGE } from '@palabre/contracts'
import type { ClientEventName } from '@palabre/contracts'
import type { Socket } from 'socket.io-client'
import { describe, expect, it } from 'vitest'
import { emitAck, nextEvent } from '../test/harness.js'
import { useRealtimeScene } from '../test/scene.js'

const scene = useRealtimeScene()
const { ann, bob } = scene.users

const eventNames = Object.keys(clientEvents) as ClientEventName[]

/** `{"a":{"a":…1…}}` with `levels` objects, as JSON text (built without recursion). */
const deepJson = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`

let nextId = 900_000
/**
 * Sends an event whose payload is raw JSON text and waits for its acknowledgement. socket.io's
 * client walks what it emits recursively (looking for binary data), so a payload deeper than its
 * own stack is written as a socket.io packet by hand: `2<id>["event",payload]` (an EVENT with an
 * acknowledgement id), answered by `3<id>[answer]`.
 */
const emitRawJson = (socket: Socket, event: string, payloadJson: string): Promise<unknown> => {
  const id = nextId++
  const engine = socket.io.engine
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      engine.off('data', onData)
      reject(new Error(`no acknowledgement of ${event} within 5 minutes`))
      // A safety net (docs/testing.md, "Timeouts"): the acknowledgement is what is awaited.
    }, 300_000)
    const onData = (data: unknown) => {
      const prefix = `3${id}`
      if (typeof data !== 'string' || !data.startsWith(prefix)) return
      clearTimeout(timer)
      engine.off('data', onData)
      resolve((JSON.parse(data.slice(prefix.length)) as unknown[])[0])
    }
    engine.on('data', onData)
    engine.send(`2${id}${JSON.stringify([event]).slice(0, -1)},${payloadJson}]`)
  })
}

/**
 * Sends a raw payload and answers what came first: the connection closed by the server
 * (`'closed'`), or the event's acknowledgement.
 */
const closedOrAnswered = (socket: Socket, event: string, payloadJson: string): Promise<unknown> =>
  Promise.race([
    new Promise((resolve) => socket.once('disconnect', () => resolve('closed'))),
    // Once the connection is closed, no acknowledgement comes: its wait ends unanswered.
    emitRawJson(socket, event, payloadJson).catch(() => new Promise(() => undefined)),
  ])

/** The server still serves: Ann's post reaches Bob and is acknowledged. */
const stillServes = async (annSocket: Socket, bobSocket: Socket, id: string) => {
  const received = nextEvent<{ data: { idPostEmet: string } }>(bobSocket, 'message')
  const answer = await emitAck(annSocket, 'message', {
    idPostEmet: id,
    emetr_phone: ann.phone,
    emetr_name: ann.name,
    text: 'Still there?',
    typePoste: '0',
    destinataires: JSON.stringify([{ phone: bob.phone, name: bob.name }]),
    groups: '[]',
  })
  expect(answer).toBe(1)
  expect((await received).data.idPostEmet).toBe(id)
}

describe('a payload nested thousands of levels deep', () => {
  it.each([5_000, 100_000])(
    'closes its sender’s connection on every client event at %i levels, and the server keeps serving',
    async (levels) => {
      for (const name of eventNames) {
        for (const payload of [
          deepJson(levels),
          `{"idPostEmet":"deep","text":${deepJson(levels)}}`,
        ]) {
          // Refused by the decoder, before the event's budget and listener: no acknowledgement
          // comes, the connection is closed.
          const mallory = await scene.connect(ann)
          expect(await closedOrAnswered(mallory, name, payload), name).toBe('closed')
          mallory.close()
        }
      }
      await stillServes(await scene.connect(ann), await scene.connect(bob), `after-${levels}`)
      expect(await scene.domain.posts.view(ann.phone, 'deep')).toBeNull()
    },
  )

  it(`reaches the event's own validation at ${MAX_INPUT_DEPTH} levels, and is refused by the decoder at one more`, async () => {
    const socket = await scene.connect(ann)
    // The payload's object and the text's arrays: MAX_INPUT_DEPTH levels.
    const atLimit = `{"idPostEmet":"deep","text":${'['.repeat(MAX_INPUT_DEPTH - 1)}${']'.repeat(MAX_INPUT_DEPTH - 1)}}`
    expect(await emitRawJson(socket, 'message', atLimit)).toMatchObject({
      error: { code: 'validation_failed' },
    })
    const oneMore = atLimit.replace('[', '[[').replace(']', ']]')
    expect(await closedOrAnswered(socket, 'message', oneMore)).toBe('closed')
  })

  it('in a binary packet closes only the sender’s connection', async () => {
    // socket.io's decoder walks a binary packet recursively to put its attachments back: too
    // deep, it throws inside socket.io, which closes that connection only.
    const mallory = await scene.connect(ann)
    const closed = new Promise<void>((resolve) => mallory.once('disconnect', () => resolve()))
    const levels = 200_000
    mallory.io.engine.send(
      `51-["message",${'['.repeat(levels)}{"_placeholder":true,"num":0}${']'.repeat(levels)}]`,
    )
    mallory.io.engine.send(new Uint8Array([1, 2, 3]))
    await closed
    await stillServes(await scene.connect(ann), await scene.connect(bob), 'after-binary')
  })
})

describe('a list sent as JSON text', () => {
  // The payload's shape check saw a string; what it decodes to is held to the same rules
  // (docs/realtime.md, "Payloads").
  it('is refused when a name inside holds a NUL character, and nothing is stored', async () => {
    const socket = await scene.connect(ann)
    const folder = await emitAck(socket, 'saveGroup', {
      nomGroup: 'Team',
      idGroup: 'nul-folder',
      participants: JSON.stringify([{ phone: bob.phone, name: 'Bo\u0000b' }]),
      noName: '0',
    })
    expect(folder).toEqual({
      error: {
        code: 'validation_failed',
        message: NUL_TEXT_MESSAGE,
        issues: [{ path: 'participants.0.name', message: NUL_TEXT_MESSAGE }],
      },
    })
    expect(await scene.domain.groups.listFor(ann.phone)).toEqual([])
    const post = await emitAck(socket, 'message', {
      idPostEmet: 'nul-post',
      text: 'Hello',
      typePoste: '0',
      destinataires: JSON.stringify([{ phone: bob.phone, name: 'Bo\u0000b' }]),
      groups: '[]',
    })
    expect(post).toMatchObject({ error: { code: 'validation_failed', message: NUL_TEXT_MESSAGE } })
    expect(await scene.domain.posts.view(ann.phone, 'nul-post')).toBeNull()
  })
})
