// What the bench's main process and its client processes tell each other (docs/benchmarks.md,
// "9. As people use it"). Times are this machine's clock in ms (`now()`), read alike by every
// process, so a post emitted in one client process and received in another is timed across them.

/** A person as the clients know them: their session for palabre, their phone for both servers. */
export interface Person {
  phone: string
  name: string
  /** The session cookie's value, from the sign-up (empty for the bare server). */
  token: string
}

/** Where the clients connect: the product's socket.io, or the bare server. */
export interface Target {
  kind: 'palabre' | 'bare'
  url: string
}

/** A post of the schedule: person `from` posts to person `to` at `atMs` from the run's start. */
export interface Planned {
  id: string
  from: number
  to: number
  atMs: number
}

export type ToClients =
  | {
      type: 'connect'
      target: Target
      /** The people whose tabs this process opens, by their index among everybody. */
      people: { index: number; person: Person }[]
      tabs: number
    }
  | {
      type: 'run'
      /** Everybody, by index: a post's recipient is named by phone and name. */
      everyone: Pick<Person, 'phone' | 'name'>[]
      posts: Planned[]
      /** When the run's first post is due (`now()`), a little after the message is sent. */
      startAt: number
      /** How long after its emit a post's answers are waited for, at most. */
      waitMs: number
    }
  | { type: 'disconnect' }

/** One post a person of this process sent, from its sending tab. */
export interface Sent {
  id: string
  /** When it was due (the schedule) and when it left. */
  dueAt: number
  emittedAt: number
  /** The server's answer: 1 (stored), an error code, or none within `waitMs`. */
  answer: 'stored' | 'refused' | 'unanswered'
  code?: string
  answeredAt?: number
  /** The sender's `callback` for the recipient (the delivery mark), at the sending tab. */
  callbackAt?: number
}

/** A post as one tab received it (the first time). */
export interface Receipt {
  id: string
  at: number
}

/** This process's own health over a run: its event loop's delay and its CPU. */
export interface ClientHealth {
  loopP50Ms: number
  loopP99Ms: number
  loopMaxMs: number
  /** Its CPU time over the run's wall time: 100 is one core, all the time. */
  cpuPercent: number
}

export type FromClients =
  | { type: 'connected'; sockets: number; ms: number }
  | { type: 'ran'; sends: Sent[]; receipts: Receipt[]; health: ClientHealth }
  | { type: 'disconnected' }
  | { type: 'failed'; error: string }

/** This machine's clock, in ms with fractions: the same in every process. */
export const now = (): number => performance.timeOrigin + performance.now()
