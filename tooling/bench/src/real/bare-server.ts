// The limit of `pnpm bench:real` (docs/benchmarks.md, "9. As people use it"): a bare socket.io
// server in a process of its own, doing only the routing of the product. Each socket joins its
// person's room (the phone it names); a post goes to the recipient's room with an
// acknowledgement asked of every tab, as the product's does, the sender is acknowledged at once,
// and once the recipient's tabs have answered the sender's room gets a `callback` shaped as the
// product's. Nothing is stored, checked or counted. Tells its parent its port, then serves until
// it is killed.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { socketPath } from '@palabre/contracts'
import { Server } from 'socket.io'

/** As long as the product waits for a recipient's answer (docs/realtime.md, "Delivery marks"). */
const DELIVERY_TIMEOUT_MS = 10_000

interface Post {
  idPostEmet: string
  emetr_phone: string
  emetr_name: string
  destinataires: { phone: string; name: string }[]
}

const http = createServer()
const io = new Server(http, { path: socketPath, serveClient: false, transports: ['websocket'] })
io.on('connection', (socket) => {
  const phone = String((socket.handshake.auth as { phone?: unknown }).phone ?? '')
  void socket.join(phone)
  socket.on('message', (post: Post, ack?: (answer: unknown) => void) => {
    const recipient = post.destinataires[0]?.phone ?? ''
    // The view a recipient gets, shaped as the product's (PostData) so the frames weigh alike.
    const view = {
      data: {
        ...post,
        destinataires: post.destinataires.map((d) => ({
          ...d,
          delivred: 0,
          delivredtoWeb: 0,
          cmtnonluDestPost: 0,
        })),
        cmtnonluEmetPost: 0,
        totalcmt: 0,
      },
      cmtnonlu: 0,
      delivred: 0,
      delivredtoWeb: 0,
      seq: 0,
    }
    io.to(recipient)
      .timeout(DELIVERY_TIMEOUT_MS)
      .emit('message', view, (error: Error | null) => {
        if (!error)
          io.to(phone).emit('callback', {
            idPostEmet: post.idPostEmet,
            phone: recipient,
            delivred: 2,
          })
      })
    if (typeof ack === 'function') ack(1)
  })
})
http.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (http.address() as AddressInfo).port })
})
