// Local stand-ins for the outside services the api talks to: a real SMTP server (smtp-server)
// and a plain HTTP server that records requests (Twilio, the legacy registration webhook).
import { createServer } from 'node:http'
import type { IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

export interface SmtpStandIn {
  url: string
  mails: ReceivedMail[]
  close(): Promise<void>
}

export const startSmtpStandIn = async (): Promise<SmtpStandIn> => {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

export interface HttpStandIn {
  /** Origin, e.g. http://127.0.0.1:40000 */
  url: string
  requests: RecordedRequest[]
  /** Resolves with the next request (or one already recorded but not yet awaited). */
  nextRequest(): Promise<RecordedRequest>
  close(): Promise<void>
}

export const startHttpStandIn = async (
  answer: (request: RecordedRequest) => { status: number; body: unknown },
): Promise<HttpStandIn> => {
  const requests: RecordedRequest[] = []
  let taken = 0
  const waiters: ((request: RecordedRequest) => void)[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(request)
      const waiter = waiters.shift()
      if (waiter) {
        taken++
        waiter(request)
      }
      const reply = answer(request)
      res
        .writeHead(reply.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(reply.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    nextRequest() {
      const ready = requests[taken]
      if (ready) {
        taken++
        return Promise.resolve(ready)
      }
      return new Promise((resolve) => waiters.push(resolve))
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** What Twilio's Messages API answers to a create call (the fields the client reads). */
export const twilioMessageReply = (request: RecordedRequest) => {
  const form = new URLSearchParams(request.body)
  return {
    status: 201,
    body: {
      sid: 'SM00000000000000000000000000000001',
      status: 'queued',
      to: form.get('To'),
      from: form.get('From'),
      body: form.get('Body'),
    },
  }
}
