// Boots the real api (real database through the test harness, real HTTP) for one test file,
// and records every answer body so a file can prove no secret ever left the server.
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Actor } from '@palabre/domain'
import { useTestDatabase } from '@palabre/testing'
// Brings the harness's `inject('mongoUri')` typing into this program (type-only, erased).
import type {} from '@palabre/testing/vitest-global-setup'
import request from 'supertest'
import { createApi } from '../src/api.js'
import type { Api } from '../src/api.js'
import { loadConfig } from '../src/config.js'
import { SESSION_COOKIE } from '../src/http/session-cookie.js'
import { captureLogger } from './capture-logger.js'

export interface TestClock {
  now(): Date
  advance(ms: number): void
}

export const testClock = (start = new Date()): TestClock => {
  let current = start
  return {
    now: () => current,
    advance(ms) {
      current = new Date(current.getTime() + ms)
    },
  }
}

/** A registered user with an open session, and the cookie its browser would send. */
export type Member = Actor & { cookie: string }

export interface ApiHarness {
  api: Api
  server: Server
  clock: TestClock
  /** A browser: keeps its cookies between calls. */
  browser(): ReturnType<typeof request.agent>
  /** Registers a user and opens a session for it, straight through the domain. */
  member(phone: string, name: string): Promise<Member>
  /** A GET with a member's session cookie. */
  getAs(member: Member, path: string): request.Test
  /** Every answer body the api sent so far in this file. */
  bodies: string[]
  /** Every api log line so far. */
  logLines: string[]
  /** The last code the development sender wrote to OTP_LOG_FILE for a destination. */
  lastOtp(channel: 'whatsapp' | 'email', destination: string): Promise<string>
  close(): Promise<void>
}

/** Call at the top level of a test file (it claims the file's database), then `await` it in beforeAll. */
export const useApiHarness = (env: Record<string, string | undefined> = {}) => {
  const db = useTestDatabase()
  return async (): Promise<ApiHarness> => {
    const dir = await mkdtemp(join(tmpdir(), 'palabre-api-'))
    const otpLogFile = join(dir, 'otp.log')
    const clock = testClock()
    const { logger, lines } = captureLogger()
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      OTP_LOG_FILE: otpLogFile,
      ...env,
    })
    const api = await createApi(config, {
      mongoUrl: db.uri,
      dbName: db.dbName,
      clock: clock.now,
      logger,
    })
    const bodies: string[] = []
    const server = createServer((req, res) => {
      // Record what goes out on the wire, whatever path in the app wrote it.
      const chunks: Buffer[] = []
      const write = res.write.bind(res) as (...args: unknown[]) => boolean
      const end = res.end.bind(res) as (...args: unknown[]) => typeof res
      const keep = (chunk: unknown) => {
        if (typeof chunk === 'string') chunks.push(Buffer.from(chunk))
        else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk))
      }
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        keep(chunk)
        return write(chunk, ...rest)
      }) as typeof res.write
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (typeof chunk !== 'function') keep(chunk)
        bodies.push(Buffer.concat(chunks).toString('utf8'))
        return end(chunk, ...rest)
      }) as typeof res.end
      api.app(req, res)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return {
      api,
      server,
      clock,
      browser: () => request.agent(server),
      async member(phone, name) {
        await api.ctx.domain.users.register({
          phone,
          nomPrenom: name,
          indicatif: '33',
          mail: `${phone}@example.test`,
          password: 'secret-pass',
        })
        const { token } = await api.ctx.domain.sessions.open(phone)
        return { phone, name, cookie: `${SESSION_COOKIE}=${token}` }
      },
      getAs: (member, path) => request(server).get(path).set('Cookie', member.cookie),
      bodies,
      logLines: lines,
      async lastOtp(channel, destination) {
        const log = await readFile(otpLogFile, 'utf8').catch(() => '')
        const prefix = `OTP ${channel} ${destination} `
        const line = log
          .split('\n')
          .filter((l) => l.startsWith(prefix))
          .at(-1)
        if (!line) throw new Error(`no code was sent to ${channel} ${destination}`)
        return line.slice(prefix.length)
      },
      async close() {
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
        await api.destroy()
        await rm(dir, { recursive: true, force: true })
      },
    }
  }
}

/** The body of a JSON answer, for reading fields in assertions. */
export const json = (res: { body: unknown }) => res.body as Record<string, unknown>
