import type { Logger } from 'pino'

/** Acknowledgements of one post or comment arriving within this window are marked together. */
const BATCH_MS = 15

export interface AckBatcher {
  /** The post or comment `id` is still being written; marks wait for it. */
  storing(id: string, written: Promise<unknown>): void
  /** A socket of `recipient` acknowledged the post or comment `id`. */
  received(id: string, recipient: string): void
}

/**
 * A folder post's (or comment's) acknowledgements arrive in a burst: gathering them per id turns
 * hundreds of delivery writes into a few, whatever the folder's size. Recipients get a post
 * before its entries are written, so marks wait for those writes.
 */
export const createAckBatcher = (
  logger: Logger,
  mark: (id: string, recipients: string[]) => Promise<void>,
): AckBatcher => {
  const pending = new Map<string, Set<string>>()
  const writing = new Map<string, Promise<unknown>>()
  const flush = async (id: string) => {
    const recipients = pending.get(id)
    pending.delete(id)
    if (!recipients) return
    await writing.get(id)
    await mark(id, [...recipients])
  }
  return {
    storing(id, written) {
      const settled = written.catch(() => undefined)
      writing.set(id, settled)
      void settled.then(() => {
        if (writing.get(id) === settled) writing.delete(id)
      })
    },
    received(id, recipient) {
      let recipients = pending.get(id)
      if (!recipients) {
        recipients = new Set()
        pending.set(id, recipients)
        setTimeout(() => {
          flush(id).catch((err: unknown) => logger.error({ err, id }, 'delivery mark failed'))
        }, BATCH_MS)
      }
      recipients.add(recipient)
    },
  }
}
