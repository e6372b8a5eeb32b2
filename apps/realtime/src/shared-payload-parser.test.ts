import { Encoder, PacketType } from 'socket.io-parser'
import { describe, expect, it } from 'vitest'
import { sharePayload, sharedPayloadParser } from './shared-payload-parser.js'

const post = () => ({
  data: { idPostEmet: 'p1', text: 'Réunion à 10 h "salle B"', destinataires: [{ phone: '1' }] },
  cmtnonlu: 0,
  sent: new Date(Date.UTC(2025, 0, 1)),
})

describe('the shared-payload encoder', () => {
  const ours = new sharedPayloadParser.Encoder()
  const socketIo = new Encoder()

  it('writes exactly what socket.io writes, with and without acknowledgement id or namespace', () => {
    const view = sharePayload(post())
    for (const packet of [
      { type: PacketType.EVENT, nsp: '/', data: ['message', view] },
      { type: PacketType.EVENT, nsp: '/', id: 42, data: ['message', view] },
      { type: PacketType.EVENT, nsp: '/admin', id: 7, data: ['message', view] },
    ])
      expect(ours.encode(packet)).toEqual(socketIo.encode(packet))
  })

  it('serialises a shared payload once, whatever the number of packets', () => {
    const view = sharePayload(post())
    const first = ours.encode({ type: PacketType.EVENT, nsp: '/', id: 1, data: ['message', view] })
    // A change after sharing is not seen: the payload's text was fixed by its first packet.
    view.data.text = 'changed'
    const second = ours.encode({ type: PacketType.EVENT, nsp: '/', id: 2, data: ['message', view] })
    expect(String(second[0]).slice(2)).toBe(String(first[0]).slice(2))
    expect(String(second[0])).not.toContain('changed')
  })

  it('leaves other packets to socket.io', () => {
    const view = post()
    const packet = { type: PacketType.EVENT, nsp: '/', id: 3, data: ['message', view] }
    expect(ours.encode(packet)).toEqual(socketIo.encode(packet))
    view.data.text = 'changed'
    expect(String(ours.encode(packet)[0])).toContain('changed')
    const ack = { type: PacketType.ACK, nsp: '/', id: 4, data: [1] }
    expect(ours.encode(ack)).toEqual(socketIo.encode(ack))
  })
})
