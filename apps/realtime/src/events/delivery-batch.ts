import type { Logger } from 'pino'

/** Acknowledgements arriving within this window are marked together. */
const BATCH_MS = 15

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
 * Acknowledgements arrive in bursts: a folder post's from all its members at once, and under
 * load many posts' within a few milliseconds. Gathering every acknowledgement of a short window
 * turns hundreds of delivery writes into a few, whatever the folder's size or the rate
 * (docs/realtime.md, "Delivery marks"). Recipients get a post before its entries are written,
 * so a batch waits for the writes of its posts.
 */
export const createAckBatcher = (
  logger: Logger,
  markAll: (batch: AckedItem[]) => Promise<void>,
): AckBatcher => {
  let pending = new Map<string, AckedItem>()
  let timer: NodeJS.Timeout | undefined
  const writing = new Map<string, Promise<unknown>>()
  const flush = async () => {
    const batch = [...pending.values()]
    pending = new Map()
    timer = undefined
    await Promise.all(batch.map((item) => writing.get(item.id)))
    await markAll(batch)
  }
  return {
    storing(id, written) {
      const settled = written.catch(() => undefined)
      writing.set(id, settled)
      void settled.then(() => {
        if (writing.get(id) === settled) writing.delete(id)
      })
    },
    received(id, recipient, author) {
      let item = pending.get(id)
      if (!item) {
        item = { id, recipients: [] }
        pending.set(id, item)
      }
      if (!item.recipients.includes(recipient)) item.recipients.push(recipient)
      if (author !== undefined) item.author = author
      timer ??= setTimeout(() => {
        flush().catch((err: unknown) => logger.error({ err }, 'delivery marks failed'))
      }, BATCH_MS)
    },
  }
}
