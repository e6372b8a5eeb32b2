import { Decoder, Encoder, PacketType } from 'socket.io-parser'
import type { Packet } from 'socket.io-parser'

const shared = new WeakSet<object>()
const serialised = new WeakMap<object, string>()

/**
 * Marks a payload emitted unchanged to many rooms (a post's view shared by a folder's members):
 * the encoder below serialises it once instead of once per room. It must not change afterwards.
 */
export const sharePayload = <T extends object>(payload: T): T => {
  shared.add(payload)
  return payload
}

const jsonOf = (payload: object): string => {
  let json = serialised.get(payload)
  if (json === undefined) {
    json = JSON.stringify(payload)
    serialised.set(payload, json)
  }
  return json
}

/**
 * socket.io's encoder, except for an event whose one argument is a shared payload: the same
 * text as socket.io writes (type, namespace, acknowledgement id, JSON), with the payload's JSON
 * reused. Each recipient room gets its own packet (its own acknowledgement id, for its delivery
 * mark), and a 200-member folder no longer costs 200 serialisations of the same post.
 */
class SharedPayloadEncoder extends Encoder {
  override encode(packet: Packet): ReturnType<Encoder['encode']> {
    const data: unknown = packet.data
    if (
      packet.type === PacketType.EVENT &&
      Array.isArray(data) &&
      data.length === 2 &&
      typeof data[0] === 'string' &&
      typeof data[1] === 'object' &&
      data[1] !== null &&
      shared.has(data[1])
    ) {
      const nsp = packet.nsp && packet.nsp !== '/' ? `${packet.nsp},` : ''
      const id = packet.id ?? ''
      return [`${PacketType.EVENT}${nsp}${id}[${JSON.stringify(data[0])},${jsonOf(data[1])}]`]
    }
    return super.encode(packet)
  }
}

/** The `parser` option of the socket.io server: socket.io's decoder, the encoder above. */
export const sharedPayloadParser = { Encoder: SharedPayloadEncoder, Decoder }
