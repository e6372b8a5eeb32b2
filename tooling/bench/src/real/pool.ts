// The client processes of `pnpm bench:real`, seen from the bench's main process: each holds the
// tabs of every n-th person (clients.ts), and all of them connect, run a schedule and close
// together.
import { fork } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { now } from './protocol.js'
import type {
  ClientHealth,
  FromClients,
  Person,
  Planned,
  Receipt,
  Sent,
  Target,
  ToClients,
} from './protocol.js'

const clientsMain = fileURLToPath(new URL('./clients.js', import.meta.url))

/** Time for the schedule to reach every process before its first post is due. */
const HEAD_START_MS = 1_000

export interface Ran {
  sends: Sent[]
  receipts: Receipt[]
  /** Each client process's own health over the run. */
  health: ClientHealth[]
}

export interface ClientPool {
  /** Opens `tabs` tabs for each person, every n-th person in process n. */
  connect(
    target: Target,
    people: readonly Person[],
    tabs: number,
  ): Promise<{ sockets: number; ms: number }>
  /** Sends `posts` on time from their senders' first tabs; answers once all is in or waited for. */
  run(people: readonly Person[], posts: Planned[], waitMs: number): Promise<Ran>
  disconnect(): Promise<void>
  stop(): void
}

/** One request to a client process, and its answer. */
const ask = <T extends FromClients['type']>(
  child: ChildProcess,
  message: ToClients,
  expected: T,
): Promise<Extract<FromClients, { type: T }>> =>
  new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`a client process ended (${code})`))
    child.once('exit', onExit)
    child.once('message', (answer: FromClients) => {
      child.off('exit', onExit)
      if (answer.type === 'failed') reject(new Error(`a client process failed: ${answer.error}`))
      else if (answer.type !== expected)
        reject(new Error(`a client process answered ${answer.type}, not ${expected}`))
      else resolve(answer as Extract<FromClients, { type: T }>)
    })
    child.send(message)
  })

export const startClientPool = (processes: number): ClientPool => {
  const children = Array.from({ length: processes }, () =>
    fork(clientsMain, [], { stdio: 'inherit' }),
  )
  return {
    async connect(target, people, tabs) {
      const answers = await Promise.all(
        children.map((child, n) =>
          ask(
            child,
            {
              type: 'connect',
              target,
              people: people.flatMap((person, index) =>
                index % processes === n ? [{ index, person }] : [],
              ),
              tabs,
            },
            'connected',
          ),
        ),
      )
      return {
        sockets: answers.reduce((sum, answer) => sum + answer.sockets, 0),
        ms: Math.max(...answers.map((answer) => answer.ms)),
      }
    },
    async run(people, posts, waitMs) {
      const everyone = people.map(({ phone, name }) => ({ phone, name }))
      const startAt = now() + HEAD_START_MS
      const answers = await Promise.all(
        children.map((child) =>
          ask(child, { type: 'run', everyone, posts, startAt, waitMs }, 'ran'),
        ),
      )
      return {
        sends: answers.flatMap((answer) => answer.sends),
        receipts: answers.flatMap((answer) => answer.receipts),
        health: answers.map((answer) => answer.health),
      }
    },
    async disconnect() {
      await Promise.all(children.map((child) => ask(child, { type: 'disconnect' }, 'disconnected')))
    },
    stop() {
      for (const child of children) child.kill()
    },
  }
}
