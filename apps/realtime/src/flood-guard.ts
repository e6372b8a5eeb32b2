/**
 * Every socket has an event budget (docs/security.md, "Floods"): a token bucket per socket and
 * one per phone (a user's tabs share it), and a cap on events being worked on at once. An event
 * over budget is refused before anything else is done with it (an event that asked for an
 * acknowledgement gets `too_many_requests`, one that did not is dropped), and a socket that keeps
 * flooding is disconnected. So a flood costs its sender and nobody else.
 */
export interface FloodLimits {
  /** Events a socket (and a phone) may send at once after a quiet while. */
  burst: number
  /** Events per second each bucket refills. */
  perSecond: number
  /** Events of one socket being worked on at the same time. */
  inFlight: number
  /** Refused events in a row after which the socket is disconnected. */
  disconnectAfter: number
}

export const DEFAULT_FLOOD_LIMITS: FloodLimits = {
  burst: 60,
  perSecond: 20,
  inFlight: 16,
  disconnectAfter: 300,
}

class TokenBucket {
  private tokens: number
  private at: number
  constructor(
    private readonly capacity: number,
    private readonly perMs: number,
    now: number,
  ) {
    this.tokens = capacity
    this.at = now
  }
  /** Whether a token is there at `now` (refilling first); takes nothing. */
  has(now: number): boolean {
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.at) * this.perMs)
    this.at = now
    return this.tokens >= 1
  }
  take(): void {
    this.tokens -= 1
  }
}

export type Admission = 'admitted' | 'refused' | 'disconnect'

/** One socket's budget: admit() before working on an event, done() after an admitted one. */
export interface SocketBudget {
  admit(): Admission
  done(): void
  /** Whether an admitted event is being worked on: admitted, not yet done (acknowledged). */
  busy(): boolean
  /** Resolves once no admitted event is being worked on (at once when none is). */
  idle(): Promise<void>
}

export interface FloodGuard {
  /** The budget of a new socket of `phone`; `release` when the socket is gone. */
  open(phone: string): SocketBudget & { release(): void }
}

export const createFloodGuard = (
  limits: FloodLimits = DEFAULT_FLOOD_LIMITS,
  clock: () => number = () => performance.now(),
): FloodGuard => {
  const perMs = limits.perSecond / 1000
  const phones = new Map<string, { bucket: TokenBucket; sockets: number }>()
  return {
    open(phone) {
      const shared = phones.get(phone) ?? {
        bucket: new TokenBucket(limits.burst, perMs, clock()),
        sockets: 0,
      }
      shared.sockets += 1
      phones.set(phone, shared)
      const own = new TokenBucket(limits.burst, perMs, clock())
      let working = 0
      let refusedInARow = 0
      let waiters: (() => void)[] = []
      return {
        admit() {
          const now = clock()
          // Both buckets are charged only when both have room, so a tab refused by its own
          // bucket does not go on emptying its user's other tabs' budget.
          const ok = working < limits.inFlight && own.has(now) && shared.bucket.has(now)
          if (ok) {
            own.take()
            shared.bucket.take()
            working += 1
            refusedInARow = 0
            return 'admitted'
          }
          refusedInARow += 1
          return refusedInARow >= limits.disconnectAfter ? 'disconnect' : 'refused'
        },
        done() {
          working = Math.max(0, working - 1)
          if (working === 0 && waiters.length > 0) {
            const waiting = waiters
            waiters = []
            for (const resolve of waiting) resolve()
          }
        },
        busy() {
          return working > 0
        },
        idle() {
          if (working === 0) return Promise.resolve()
          return new Promise<void>((resolve) => waiters.push(resolve))
        },
        release() {
          shared.sockets -= 1
          if (shared.sockets === 0) phones.delete(phone)
        },
      }
    },
  }
}
