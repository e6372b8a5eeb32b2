import { MAX_INPUT_DEPTH, TOO_DEEP_MESSAGE } from '@palabre/contracts'
import type { Packet } from 'socket.io-parser'
import { describe, expect, it } from 'vitest'
import { DepthCheckedDecoder } from './packet-parser.js'

/** `[[[…]]]` with `levels` arrays. */
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`

/** What the decoder makes of packets, or the error it throws. */
const decode = (...chunks: (string | Uint8Array)[]): Packet[] => {
  const decoder = new DepthCheckedDecoder()
  const packets: Packet[] = []
  decoder.on('decoded', (packet) => packets.push(packet))
  for (const chunk of chunks) decoder.add(chunk)
  return packets
}

describe('DepthCheckedDecoder', () => {
  it(`decodes an event whose payload is ${MAX_INPUT_DEPTH} levels deep`, () => {
    expect(decode(`2["message",${nested(MAX_INPUT_DEPTH)}]`)).toHaveLength(1)
    // With an acknowledgement id and a namespace.
    const [packet] = decode(`2/chat,17["message",${nested(MAX_INPUT_DEPTH)}]`)
    expect(packet).toMatchObject({ type: 2, nsp: '/chat', id: 17 })
  })

  it('refuses one level more, and 450,000, before parsing', () => {
    expect(() => decode(`2["message",${nested(MAX_INPUT_DEPTH + 1)}]`)).toThrow(TOO_DEEP_MESSAGE)
    expect(() => decode(`2["message",${nested(450_000)}]`)).toThrow(TOO_DEEP_MESSAGE)
    // Nothing after the bracket too many is read: not even that it is not JSON.
    expect(() => decode(`21["message",${'['.repeat(MAX_INPUT_DEPTH + 1)}x`)).toThrow(
      TOO_DEEP_MESSAGE,
    )
  })

  it('counts no bracket inside a string, and none in the namespace', () => {
    const text = JSON.stringify('['.repeat(10_000))
    expect(decode(`2["message",{"text":${text}}]`)).toHaveLength(1)
    // A quote in the namespace would otherwise turn the payload into a string for the scan.
    expect(() => decode(`2/a"[{,3["message",${nested(MAX_INPUT_DEPTH + 1)}]`)).toThrow(
      TOO_DEEP_MESSAGE,
    )
  })

  it('refuses a deep binary packet before its attachments come, and reads a shallow one', () => {
    const placeholder = '{"_placeholder":true,"num":0}'
    const deep = `${'['.repeat(MAX_INPUT_DEPTH)}${placeholder}${']'.repeat(MAX_INPUT_DEPTH)}`
    expect(() => decode(`51-["message",${deep}]`)).toThrow(TOO_DEEP_MESSAGE)
    const [packet] = decode(`51-["message",${placeholder}]`, new Uint8Array([1, 2, 3]))
    expect(packet?.data).toEqual(['message', new Uint8Array([1, 2, 3])])
  })

  it("leaves socket.io-parser's own refusals as they were", () => {
    expect(() => decode('9')).toThrow('unknown packet type 9')
    expect(() => decode('5["message"]')).toThrow('Illegal attachments')
  })
})
