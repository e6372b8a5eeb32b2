import type { SyncAnswer } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { inboxEntryModel } from '../posts/inbox-model.js'
import type { InboxEntryDoc } from '../posts/inbox-model.js'
import { postModel } from '../posts/post-model.js'
import { readPosts } from '../posts/post-reader.js'

export interface SyncService {
  /**
   * The signed-in user's inbox entries changed after `since` (new posts, comment counts, marks),
   * latest first, with the sequence to ask from next time.
   */
  changesSince(phone: string, since: number, limit?: number): Promise<SyncAnswer>
}

/** Enough for a long absence; past it the client reloads its counts and page instead. */
export const SYNC_LIMIT = 500

/**
 * How long after a sequence is handed out its entry is surely written. Sequences are handed out
 * before their writes, and concurrent writes land out of order: entry 6 may be visible while 5
 * is still being written. The cursor therefore moves only past entries whose sequence is older
 * than this (every smaller sequence was handed out earlier still, so its write is done); newer
 * ones are answered too, and again on the next call. Clients key posts by id, so a repeat is
 * harmless, while a skipped change would be lost until a reload.
 */
export const SYNC_SETTLE_MS = 30_000

export const createSyncService = (connection: Connection, clock: () => Date): SyncService => {
  const Post = postModel(connection)
  const Inbox = inboxEntryModel(connection)
  return {
    async changesSince(phone, since, limit = SYNC_LIMIT) {
      const changed = await Inbox.find({ phone, seq: { $gt: since } })
        .sort({ seq: 1 })
        .limit(limit + 1)
        .lean<InboxEntryDoc[]>()
      const hasMore = changed.length > limit
      const kept = changed.slice(0, limit)
      const settledBefore = clock().getTime() - SYNC_SETTLE_MS
      const seq = kept
        .filter((entry) => entry.seqAt.getTime() <= settledBefore)
        .reduce((max, entry) => Math.max(max, entry.seq), since)
      const posts = await readPosts(Post, Inbox, kept.reverse())
      return { seq, posts, hasMore }
    },
  }
}
