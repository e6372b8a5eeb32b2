// @vitest-environment node
// A `.node.test.ts`: runs in Node (real sockets) and is typechecked by tsconfig.node.json.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { authRoutes, getHealth, messages, usersRoutes } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callRoute } from './api-client'
import { ApiError } from './api-error'

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void

// A real local HTTP server standing in for the api: each test says how it answers.
let server: Server
let baseUrl = ''
let handler: Handler = (_req, _body, res) => res.end()
const seen: { method?: string; url?: string; body?: string; type?: string } = {}

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(value))
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      Object.assign(seen, {
        method: req.method,
        url: req.url,
        body,
        type: req.headers['content-type'],
      })
      handler(req, body, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`)
  return error
}

describe('callRoute', () => {
  it('sends the route method, path and JSON body, and parses the answer by its schema', async () => {
    handler = (_req, _body, res) =>
      json(res, 200, {
        nomPrenom: 'Awa Diallo',
        phone: '33612345678',
        mail: 'a@b.c',
        role: 'member',
      })
    const profile = await callRoute(
      authRoutes.login,
      { body: { phone: '33612345678', password: 'pw' } },
      { baseUrl },
    )
    expect(profile.nomPrenom).toBe('Awa Diallo')
    expect(seen).toMatchObject({ method: 'POST', url: '/api/auth/login', type: 'application/json' })
    expect(JSON.parse(seen.body ?? '')).toEqual({ phone: '33612345678', password: 'pw' })
  })

  it('builds the path from the route and its params', async () => {
    handler = (_req, _body, res) =>
      json(res, 200, [{ nomPrenom: 'A', phone: '33612345678', mail: 'a@b.c' }])
    await callRoute(usersRoutes.getUser, { params: { phone: '33612345678' } }, { baseUrl })
    expect(seen.url).toBe('/api/user/33612345678')
  })

  it('reads a 204 as no body', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(204)
      res.end()
    }
    await expect(callRoute(authRoutes.logout, {}, { baseUrl })).resolves.toBeUndefined()
    expect(seen).toMatchObject({ method: 'POST', url: '/api/auth/logout' })
  })

  it('turns an error body into an ApiError with status, code and the server message', async () => {
    handler = (_req, _body, res) =>
      json(res, 401, { error: { code: 'wrong_password', message: messages.signIn.wrongPassword } })
    const error = await failure(
      callRoute(authRoutes.login, { body: { phone: '33612345678', password: 'x' } }, { baseUrl }),
    )
    expect(error).toMatchObject({
      status: 401,
      code: 'wrong_password',
      serverMessage: messages.signIn.wrongPassword,
    })
  })

  it('keeps a legacy {message} answer and falls back to the status code', async () => {
    handler = (_req, _body, res) => json(res, 409, { message: messages.api.alreadySaved })
    const error = await failure(callRoute(getHealth, {}, { baseUrl }))
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      serverMessage: messages.api.alreadySaved,
    })
  })

  it('has no server message when the failed answer says nothing usable', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(500, { 'content-type': 'text/html' })
      res.end('<h1>boom</h1>')
    }
    const error = await failure(callRoute(getHealth, {}, { baseUrl }))
    expect(error).toMatchObject({ status: 500, code: 'internal', serverMessage: undefined })
  })

  it('refuses an answer that does not match the contract', async () => {
    handler = (_req, _body, res) => json(res, 200, { status: 'great' })
    const error = await failure(callRoute(getHealth, {}, { baseUrl }))
    expect(error).toMatchObject({ status: 200, code: 'internal' })
  })

  it('reports an unreachable server as status 0', async () => {
    const error = await failure(callRoute(getHealth, {}, { baseUrl: 'http://127.0.0.1:9' }))
    expect(error).toMatchObject({ status: 0, code: 'unavailable' })
  })
})
