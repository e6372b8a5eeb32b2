// Boots the real api (real database through the test harness, real HTTP) for one test file,
// and records every answer body so a file can prove no secret ever left the server.
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TEST_DATABASE_TIMEOUT_MS } from '@palabre/domain'
import type { Actor } from '@palabre/domain'
import { useTestDatabase } from '@palabre/testing'
// Brings the harness's `inject('mongoUri')` typing into this program (type-only, erased).
import type {} from '@palabre/testing/vitest-global-setup'
import request from 'supertest'
import { createApi } from '../src/api.js'
import type { Api, ApiOptions } from '../src/api.js'
import { loadConfig } from '../src/config.js'
import { SESSION_COOKIE } from '../src/http/session-cookie.js'
import { apiServerOptions } from '../src/http/server-options.js'
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

/** One api listening on loopback. */
export interface ApiNode {
  api: Api
  server: Server
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
  /**
   * Makes people each other's contacts, as posts and folders need (docs/security.md,
   * "Recipients").
   */
  acquaint(...people: Actor[]): Promise<void>
  /** A GET with a member's session cookie. */
  getAs(member: Member, path: string): request.Test
  /** Every answer body the api sent so far in this file. */
  bodies: string[]
  /** Every api log line so far. */
  logLines: string[]
  /** The last code the development sender wrote to OTP_LOG_FILE for a destination. */
  lastOtp(channel: 'whatsapp' | 'email', destination: string): Promise<string>
  /**
   * Another api node on the same database, clock and OTP log, with a connection of its own, as
   * behind a load balancer (its answers are recorded in `bodies` too). Closed by `close`.
   */
  anotherNode(): Promise<ApiNode>
  /**
   * Closes every node and deletes the upload folder; with `dropDatabase`, empties the file's
   * database first, so that another harness of the same file (a suite on another file store)
   * starts from nothing.
   */
  close(options?: { dropDatabase?: boolean }): Promise<void>
}

/**
 * Call at the top level of a test file (it claims the file's database), then `await` it in
 * beforeAll, with settings of its own if need be (a file store: test/stores.ts).
 */
export const useApiHarness = (
  env: Record<string, string | undefined> = {},
  apiOptions: Pick<ApiOptions, 'sandbox'> = {},
) => {
  const db = useTestDatabase()
  return async (more: Record<string, string | undefined> = {}): Promise<ApiHarness> => {
    const dir = await mkdtemp(join(tmpdir(), 'palabre-api-'))
    const otpLogFile = join(dir, 'otp.log')
    const clock = testClock()
    const { logger, lines } = captureLogger()
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      OTP_LOG_FILE: otpLogFile,
      UPLOAD_DIR: join(dir, 'uploads'),
      // A loaded test machine is not an outage (the outage test sets its own limit).
      DB_TIMEOUT_MS: String(TEST_DATABASE_TIMEOUT_MS),
      ...env,
      ...more,
    })
    const bodies: string[] = []
    const nodes: ApiNode[] = []
    const startNode = async (): Promise<ApiNode> => {
      const node = await createApi(config, {
        ...apiOptions,
        mongoUrl: db.uri,
        dbName: db.dbName,
        clock: clock.now,
        logger,
      })
      const server = recordingServer(node, bodies)
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      nodes.push({ api: node, server })
      return { api: node, server }
    }
    const { api, server } = await startNode()
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
      async acquaint(...people) {
        await Promise.all(
          people.flatMap((owner) =>
            people
              .filter((other) => other.phone !== owner.phone)
              .map((other) =>
                api.ctx.domain.contacts.save(owner.phone, { name: other.name, phone: other.phone }),
              ),
          ),
        )
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
      anotherNode: startNode,
      async close({ dropDatabase = false } = {}) {
        if (dropDatabase) await api.ctx.domain.connection.dropDatabase()
        for (const node of nodes.splice(0)) {
          node.server.closeAllConnections()
          await new Promise<void>((resolve) => node.server.close(() => resolve()))
          await node.api.destroy()
        }
        await rm(dir, { recursive: true, force: true })
      },
    }
  }
}

/** The api's app behind an HTTP server that records every answer body it sends. */
const recordingServer = (api: Api, bodies: string[]): Server =>
  createServer(apiServerOptions, (req, res) => {
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

/** The body of a JSON answer, for reading fields in assertions. */
export const json = (res: { body: unknown }) => res.body as Record<string, unknown>
