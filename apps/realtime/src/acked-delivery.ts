import { randomUUID } from 'node:crypto'
import { PacketType } from 'socket.io-parser'
import { phoneRoom } from './handshake.js'
import type { AckedEvent, EmitEvents, RealtimeServer, RealtimeSocket } from './types.js'

export interface AckedDelivery {
  /**
   * Sends `event` to every socket of the people `payloads` maps to, on every node: one frame per
   * distinct payload object. `received(phone)` runs on this node once per person, when the first
   * of their sockets answers within `timeoutMs`.
   */
  send<E extends AckedEvent>(
    event: E,
    payloads: ReadonlyMap<string, Parameters<EmitEvents[E]>[0]>,
    received: (phone: string) => void,
  ): void
}

/**
 * Acknowledged deliveries, framed once for all recipients (docs/realtime.md, "Delivery
 * marks"). socket.io's room broadcast with an acknowledgement collects the answers without
 * saying whose they are, so the delivery mark needed a broadcast per person (a frame each, and
 * on a cluster a Redis request each). Here the adapter is given an acknowledgement that socket.io
 * calls with the answering socket as `this`, which names the person. On a cluster the other
 * nodes are asked once per payload, deliver to their own sockets the same way and send the
 * answers back, a few together, to the node that asked: its delivery marks wait for the post's
 * entries, which only it knows about.
 */
export const createAckedDelivery = (
  io: RealtimeServer,
  { clustered, timeoutMs }: { clustered: boolean; timeoutMs: number },
): AckedDelivery => {
  const origin = randomUUID()
  let nextKey = 0
  const waiting = new Map<number, (phone: string) => void>()

  const deliverHere = (
    event: AckedEvent,
    rooms: readonly string[],
    payload: object,
    answered: (phone: string) => void,
  ): void => {
    io.of('/').adapter.broadcastWithAck(
      { type: PacketType.EVENT, data: [event, payload], nsp: '/' },
      { rooms: new Set(rooms), except: new Set(), flags: { local: true } },
      () => undefined,
      function (this: RealtimeSocket) {
        answered(this.data.phone)
      },
    )
  }

  // Answers of this node's sockets to other nodes' deliveries, sent once this turn's are in.
  const outbox = new Map<string, [number, string][]>()
  const flush = () => {
    for (const [to, answers] of outbox) io.serverSideEmit('delivered', { origin: to, answers })
    outbox.clear()
  }
  const forward = (to: string, key: number, phone: string) => {
    const answers = outbox.get(to)
    if (answers) answers.push([key, phone])
    else {
      if (outbox.size === 0) setImmediate(flush)
      outbox.set(to, [[key, phone]])
    }
  }

  if (clustered) {
    io.on('deliver', (request) => {
      deliverHere(request.event, request.rooms, request.payload, (phone) =>
        forward(request.origin, request.key, phone),
      )
    })
    io.on('delivered', ({ origin: to, answers }) => {
      if (to !== origin) return
      for (const [key, phone] of answers) waiting.get(key)?.(phone)
    })
  }

  return {
    send(event, payloads, received) {
      let open = true
      const told = new Set<string>()
      const answered = (phone: string) => {
        if (!open || told.has(phone)) return
        told.add(phone)
        received(phone)
      }
      const groups = new Map<object, string[]>()
      for (const [phone, payload] of payloads) {
        const rooms = groups.get(payload)
        if (rooms) rooms.push(phoneRoom(phone))
        else groups.set(payload, [phoneRoom(phone)])
      }
      const keys: number[] = []
      for (const [payload, rooms] of groups) {
        deliverHere(event, rooms, payload, answered)
        if (!clustered) continue
        const key = nextKey++
        keys.push(key)
        waiting.set(key, answered)
        io.serverSideEmit('deliver', { origin, key, event, rooms, payload })
      }
      setTimeout(() => {
        open = false
        for (const key of keys) waiting.delete(key)
      }, timeoutMs).unref()
    },
  }
}
