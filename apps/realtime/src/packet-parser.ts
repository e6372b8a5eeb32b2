import { findTooDeepJson, MAX_INPUT_DEPTH, TOO_DEEP_MESSAGE } from '@palabre/contracts'
import { Decoder, Encoder } from 'socket.io-parser'

/**
 * Where the JSON of a socket.io packet starts, read as socket.io-parser's decoder reads the
 * header before it: the type digit, a binary packet's attachment count up to its '-', and a
 * namespace from a '/' up to the first ','. The acknowledgement id that may follow is digits,
 * which the depth scan passes over. Skipping the namespace matters: a '"' in it would otherwise
 * make the scan read the whole payload as a string.
 */
const jsonStart = (packet: string): number => {
  let i = 0
  if (packet[0] === '5' || packet[0] === '6') {
    const dash = packet.indexOf('-')
    // No count: the decoder refuses the packet before it reads any JSON.
    if (dash === -1) return packet.length
    i = dash
  }
  if (packet[i + 1] !== '/') return i + 1
  const comma = packet.indexOf(',', i + 1)
  return comma === -1 ? packet.length : comma + 1
}

/**
 * socket.io-parser's decoder, refusing a packet nested deeper than a payload may be before
 * JSON.parse builds it (docs/security.md, "Bad input"). An event packet's JSON is the list of its
 * arguments, one level more than the payload: `["message", {...}]`. socket.io answers a packet
 * its decoder refuses, as it does a malformed one, by closing that client's connection; the
 * server and every other client carry on.
 */
export class DepthCheckedDecoder extends Decoder {
  override add(chunk: unknown): void {
    if (
      typeof chunk === 'string' &&
      findTooDeepJson(chunk, { maxDepth: MAX_INPUT_DEPTH + 1, from: jsonStart(chunk) }) !==
        undefined
    )
      throw new Error(TOO_DEEP_MESSAGE)
    super.add(chunk)
  }
}

/** The `parser` option of the socket.io server: socket.io-parser's, with the decoder above. */
export const packetParser = { Encoder, Decoder: DepthCheckedDecoder }
