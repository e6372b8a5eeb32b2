// Conversions shared fairly between the people who ask for them (docs/files.md, "Fair
// turns"): one person's slow documents must not hold everybody else's previews. A person may
// have a few conversions waiting or running at once; a task's rank is how many of its person's
// are then under way, itself included, and the lowest rank goes first (the earliest among
// equals). So everyone's first document comes before anyone's second: the rule the jobs on
// Redis follow too, as BullMQ priorities.

/** A person already has as many conversions waiting or running as they may. */
export class PreviewsBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('You already have previews being made: try again once they are ready.')
  }
}

export interface FairTurnsOptions {
  /** Conversions that run at once. */
  concurrency: number
  /** Conversions one person may have waiting or running at once. */
  perPerson: number
  /** What a refusal tells the person to wait, in seconds. */
  retryAfterSeconds: number
}

export interface FairTurns {
  /**
   * Runs `task` when its turn comes, or rejects at once with `PreviewsBusy` when `person`
   * already has `perPerson` tasks here.
   */
  run<T>(person: string, task: () => Promise<T>): Promise<T>
  /** Tasks waiting or running. */
  size(): number
  /** Resolves once nothing waits or runs. */
  idle(): Promise<void>
}

interface Waiting {
  rank: number
  start: () => void
}

export const createFairTurns = (options: FairTurnsOptions): FairTurns => {
  const { concurrency, perPerson, retryAfterSeconds } = options
  // In the order they were asked; a few per person, so a scan finds the next.
  const waiting: Waiting[] = []
  // Each person's tasks waiting or running.
  const held = new Map<string, number>()
  let running = 0
  let size = 0
  let idleWaiters: (() => void)[] = []

  const next = () => {
    while (running < concurrency && waiting.length > 0) {
      let first = 0
      for (let i = 1; i < waiting.length; i += 1)
        if ((waiting[i]?.rank ?? 0) < (waiting[first]?.rank ?? 0)) first = i
      const [task] = waiting.splice(first, 1)
      running += 1
      task?.start()
    }
    if (size === 0) {
      for (const done of idleWaiters) done()
      idleWaiters = []
    }
  }

  return {
    run<T>(person: string, task: () => Promise<T>) {
      const mine = held.get(person) ?? 0
      if (mine >= perPerson) return Promise.reject(new PreviewsBusy(retryAfterSeconds))
      held.set(person, mine + 1)
      size += 1
      return new Promise<T>((done, fail) => {
        const start = () => {
          void Promise.resolve()
            .then(task)
            .then(done, fail)
            .finally(() => {
              running -= 1
              size -= 1
              const left = (held.get(person) ?? 1) - 1
              if (left === 0) held.delete(person)
              else held.set(person, left)
              next()
            })
        }
        waiting.push({ rank: mine + 1, start })
        next()
      })
    },
    size: () => size,
    idle: () =>
      size === 0 ? Promise.resolve() : new Promise<void>((done) => idleWaiters.push(done)),
  }
}
