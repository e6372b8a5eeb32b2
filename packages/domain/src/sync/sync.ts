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

export const createSyncService = (connection: Connection): SyncService => {
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
      // The highest sequence actually returned: a change still being written (a sequence handed
      // out but its entry not yet stored) is then picked up by the next call.
      const seq = kept.reduce((max, e) => Math.max(max, e.seq), since)
      const posts = await readPosts(Post, Inbox, kept.reverse())
      return { seq, posts, hasMore }
    },
  }
}
