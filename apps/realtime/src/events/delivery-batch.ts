import type { Logger } from 'pino'

/** The acknowledgements of one post or comment in a batch. */
export interface AckedItem {
  id: string
  recipients: string[]
  /** Its author, when whoever delivered it said (then it need not be read again). */
  author?: string
}

export interface AckBatcher {
  /** The post or comment `id` is still being written; marks wait for it. */
  storing(id: string, written: Promise<unknown>): void
  /**
   * A socket of `recipient` acknowledged the post or comment `id`, whose author is `author` when
   * the caller knows it.
   */
  received(id: string, recipient: string, author?: string): void
}

/**
 * An acknowledgement waits this long for others to be marked with, or longer while its post's
 * entries or the batch before are still being written.
 */
const BATCH_MS = 15

/**
 * Acknowledgements arrive in bursts: a folder post's from all its members at once, and under
 * load many posts' within a few milliseconds. Those of a short window are marked together, so
 * hundreds of delivery writes become a few, whatever the folder's size or the rate
 * (docs/realtime.md, "Delivery marks"). Recipients get a post before its entries are written,
 * so a batch first waits for the writes of its posts, and takes every acknowledgement that came
 * meanwhile for a post already written; the others, and those that come while it is being
 * marked, wait for the next, which starts once it ends and their window has passed.
 */
export const createAckBatcher = (
  logger: Logger,
  markAll: (batch: AckedItem[]) => Promise<void>,
): AckBatcher => {
  const pending = new Map<string, AckedItem>()
  /** When the oldest acknowledgement pending came. */
  let oldest = 0
  let timer: NodeJS.Timeout | undefined
  let flushing = false
  const writing = new Map<string, Promise<unknown>>()
  /** The writes still under way of the posts or comments pending. */
  const unwritten = () =>
    [...pending.keys()].flatMap((id) => {
      const write = writing.get(id)
      return write ? [write] : []
    })
  const schedule = () => {
    timer = setTimeout(
      () => {
        timer = undefined
        void flush()
      },
      Math.max(0, oldest + BATCH_MS - performance.now()),
    )
  }
  const flush = async () => {
    flushing = true
    // The writes of the posts pending now, and only those: under load another post is always
    // being written by the time one is, so waiting until none is held every mark back until the
    // load stopped. What came meanwhile joins this batch if its post is written too (a folder's
    // other members), else the next, whose window starts now.
    await Promise.all(unwritten())
    const batch: AckedItem[] = []
    for (const [id, item] of pending)
      if (!writing.has(id)) {
        batch.push(item)
        pending.delete(id)
      }
    if (pending.size > 0) oldest = performance.now()
    if (batch.length > 0)
      await markAll(batch).catch((err: unknown) => logger.error({ err }, 'delivery marks failed'))
    flushing = false
    if (pending.size > 0) schedule()
  }
  return {
    storing(id, written) {
      const settled = written.then(
        () => undefined,
        () => undefined,
      )
      writing.set(id, settled)
      void settled.then(() => {
        if (writing.get(id) === settled) writing.delete(id)
      })
    },
    received(id, recipient, author) {
      if (pending.size === 0) oldest = performance.now()
      let item = pending.get(id)
      if (!item) {
        item = { id, recipients: [] }
        pending.set(id, item)
      }
      if (!item.recipients.includes(recipient)) item.recipients.push(recipient)
      if (author !== undefined) item.author = author
      if (timer === undefined && !flushing) schedule()
    },
  }
}
