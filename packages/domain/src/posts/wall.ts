import { postsPerPage, searchCountBound } from '@palabre/contracts'
import type { PostData } from '@palabre/contracts'
import type { FilterQuery, Model } from 'mongoose'
import { literalPattern, searchWord } from '../contacts/literal-pattern.js'
import { CONTACT_WALL_INDEX, entryId, FOLDER_WALL_INDEX, WALL_INDEX } from './inbox-model.js'
import type { InboxEntryDoc } from './inbox-model.js'
import type { PostDoc } from './post-model.js'
import { readCount } from './wall-counts.js'
import type { WallCountDoc } from './wall-counts.js'
import { readPosts } from './post-reader.js'

/** The wall's three scopes (docs/behaviour.md, "Wall"): all posts, one contact's, one folder's. */
export type WallScope =
  { kind: 'general' } | { kind: 'contact'; phone: string } | { kind: 'group'; idGroup: string }

export interface WallQuery {
  scope: WallScope
  /** A search word: posts whose text contains it, case-insensitive. Blank means no search. */
  word?: string | undefined
}

/** Most recent activity first; idPostEmet breaks ties, so pages never overlap. */
const WALL_ORDER = { dateLastEvent: -1, idPostEmet: -1 } as const

const scopeFilter = (viewer: string, scope: WallScope): FilterQuery<InboxEntryDoc> => {
  if (scope.kind === 'contact') return { phone: viewer, peers: scope.phone }
  if (scope.kind === 'group') return { phone: viewer, groupIds: scope.idGroup }
  return { phone: viewer }
}

/** The index whose prefix is the scope's equality and whose rest is the wall's order. */
const scopeIndex = (scope: WallScope) =>
  scope.kind === 'contact'
    ? CONTACT_WALL_INDEX
    : scope.kind === 'group'
      ? FOLDER_WALL_INDEX
      : WALL_INDEX

/**
 * Runs a query with an index hint, or without it when the server refuses the hint (an index
 * still being built after an upgrade): a hint only ever changes the cost.
 */
const withHint = async <T>(
  run: (hint: Record<string, 1 | -1> | undefined) => Promise<T>,
  hint: Record<string, 1 | -1>,
): Promise<T> => {
  try {
    return await run(hint)
  } catch (error) {
    if (!/hint/i.test(String((error as { message?: unknown }).message))) throw error
    return run(undefined)
  }
}

/** The viewer's posts whose text contains the word (posts are indexed by participant). */
const matchingPosts = (
  Post: Model<PostDoc>,
  viewer: string,
  scope: WallScope,
  literal: string,
  among?: string[],
) =>
  Post.find({
    ...(among ? { _id: { $in: among } } : {}),
    // A post with the contact is one both take part in.
    participants: scope.kind === 'contact' ? { $all: [viewer, scope.phone] } : viewer,
    text: literalPattern(literal),
    ...(scope.kind === 'group' ? { 'groups.idGroup': scope.idGroup } : {}),
  })
    .select({ idPostEmet: 1, _id: 0 })
    .lean<Pick<PostDoc, 'idPostEmet'>[]>()

/**
 * The viewer's entries of some posts, by key: `entryId(idPostEmet, viewer)` is each entry's
 * `_id`, so this is a range of the primary index however many posts match. The same filter on
 * `idPostEmet` took seconds on FerretDB 2 for thousands of posts (docs/benchmarks.md, "Query
 * plans").
 */
const entriesOf = (viewer: string, posts: Pick<PostDoc, 'idPostEmet'>[]) => ({
  _id: { $in: posts.map((p) => entryId(p.idPostEmet, viewer)) },
})

/**
 * A scope's count is its counter (wall-counts.ts); a search count is counted (countMatches).
 */
export const countWall = async (
  Post: Model<PostDoc>,
  Inbox: Model<InboxEntryDoc>,
  WallCount: Model<WallCountDoc>,
  viewer: string,
  { scope, word }: WallQuery,
): Promise<number> => {
  const literal = searchWord(word)
  if (!literal) return readCount(WallCount, viewer, scope)
  return countMatches(Post, Inbox, viewer, scope, literal)
}

/**
 * How far back a page is looked for first, then further back, before the whole scope is read.
 * FerretDB 2 on DocumentDB (docs/database-engine.md) returns a range of an index in no order, so
 * a page of the whole scope sorts every entry of the scope: 100,000 of them for a heavy inbox.
 * A page of the last hours is a short range of the scope's index, and only it is sorted. It is
 * the exact page as soon as it comes back full, since everything outside the window is older
 * than everything inside it. A window too short for the page is followed by a longer one, sized
 * after what the short one held. Windows change the cost, never the answer, so the process clock
 * places them well enough. Figures: docs/benchmarks.md, "Query plans".
 */
const FIRST_WINDOW_HOURS = 1
/** About half a year: past it, the whole scope. */
const LAST_WINDOW_HOURS = 4096
const HOUR_MS = 3_600_000
/** A search lists the posts of a window's entries; past this many it reads the whole scope. */
const SEARCH_WINDOW_MAX = 5_000

/**
 * The window after one that held `held` of the `needed` entries: long enough for them at the
 * same rate, with a margin; at least twice and at most 64 times as long.
 */
const nextWindow = (hours: number, held: number, needed: number): number =>
  hours * (held === 0 ? 16 : Math.min(64, Math.max(2, Math.ceil((needed * 1.25) / held))))

/**
 * The posts of a scope whose text contains the word, counted up to `searchCountBound + 1`
 * ("more than the bound", docs/behaviour.md, "Counters"). The scope's entries are read a slice of
 * time at a time, most recent first (a range of the scope's index), each joined to its post in
 * the database and matched there, with a limit of the matches still wanted: a word found often
 * stops the count once enough recent entries held enough matches, however long the inbox. The
 * former count matched all of the viewer's posts first, which took time in proportion to them:
 * the engine reads the whole range of the posts' index by participant before any limit applies
 * (docs/benchmarks.md, "Query plans").
 */
const countMatches = async (
  Post: Model<PostDoc>,
  Inbox: Model<InboxEntryDoc>,
  viewer: string,
  scope: WallScope,
  literal: string,
): Promise<number> => {
  const filter = scopeFilter(viewer, scope)
  const now = Date.now()
  let found = 0
  // The first slice has no end: an event dated ahead of this process's clock (another node's
  // clock, a test's) is in it.
  for (let end: Date | undefined, hours = FIRST_WINDOW_HOURS; ;) {
    const last = hours > LAST_WINDOW_HOURS
    const start = new Date(now - hours * HOUR_MS)
    const range = { ...(last ? {} : { $gte: start }), ...(end ? { $lt: end } : {}) }
    const slice = Object.keys(range).length > 0 ? { dateLastEvent: range } : {}
    const [matched] = await withHint((hint) => {
      const counting = Inbox.aggregate<{ n: number }>([
        { $match: { ...filter, ...slice } },
        {
          $lookup: {
            from: Post.collection.collectionName,
            localField: 'idPostEmet',
            foreignField: '_id',
            as: 'post',
          },
        },
        { $match: { 'post.text': literalPattern(literal) } },
        { $limit: searchCountBound + 1 - found },
        { $count: 'n' },
      ])
      return hint ? counting.hint(hint) : counting
    }, scopeIndex(scope))
    found += matched?.n ?? 0
    if (found > searchCountBound) return searchCountBound + 1
    if (last) return found
    end = start
    hours = nextWindow(hours, found, searchCountBound + 1)
  }
}

/** What a window gave: the page; or how many of the entries sought it held; or too many. */
type Probe = { page: InboxEntryDoc[] } | { held: number } | 'wide'

/** Page `pageIndex` (from 0) of 10 posts, most recent activity first. */
export const readWallPage = async (
  Post: Model<PostDoc>,
  Inbox: Model<InboxEntryDoc>,
  viewer: string,
  { scope, word }: WallQuery,
  pageIndex: number,
): Promise<PostData[]> => {
  const filter = scopeFilter(viewer, scope)
  const literal = searchWord(word)
  const skip = pageIndex * postsPerPage
  const needed = skip + postsPerPage
  const now = Date.now()
  const since = (hours: number) => ({ dateLastEvent: { $gte: new Date(now - hours * HOUR_MS) } })

  /** The page among the scope's entries that also match `extra` (a window, a search). */
  const page = (extra: FilterQuery<InboxEntryDoc>, hint?: Record<string, 1 | -1>) => {
    const query = Inbox.find({ ...filter, ...extra })
      .sort(WALL_ORDER)
      .skip(skip)
      .limit(postsPerPage)
    return (hint ? query.hint(hint) : query).lean<InboxEntryDoc[]>()
  }

  // The planner misjudges DocumentDB's indexes and may take another one starting with the
  // viewer's phone, whose range is the whole inbox rather than the window: hence the hints.
  const probe = async (hours: number): Promise<Probe> => {
    const window = since(hours)
    if (!literal) {
      const entries = await withHint((hint) => page(window, hint), scopeIndex(scope))
      if (entries.length === postsPerPage) return { page: entries }
      // Rows after the skipped ones tell how many the window held; none, a count does.
      if (entries.length > 0 || skip === 0) return { held: skip + entries.length }
      const held = await withHint((hint) => {
        const query = Inbox.countDocuments({ ...filter, ...window })
        return hint ? query.hint(hint) : query
      }, scopeIndex(scope))
      return { held }
    }
    const inWindow = await withHint((hint) => {
      const query = Inbox.find({ ...filter, ...window }).select({ idPostEmet: 1, _id: 0 })
      return (hint ? query.hint(hint) : query).lean<Pick<InboxEntryDoc, 'idPostEmet'>[]>()
    }, scopeIndex(scope))
    if (inWindow.length > SEARCH_WINDOW_MAX) return 'wide'
    if (inWindow.length === 0) return { held: 0 }
    const ids = inWindow.map((e) => e.idPostEmet)
    const matching = await matchingPosts(Post, viewer, scope, literal, ids)
    if (matching.length < needed) return { held: matching.length }
    const entries = await page({ ...window, ...entriesOf(viewer, matching) })
    return entries.length === postsPerPage ? { page: entries } : { held: matching.length }
  }

  for (let hours = FIRST_WINDOW_HOURS; hours <= LAST_WINDOW_HOURS;) {
    const found = await probe(hours)
    if (found === 'wide') break
    if ('page' in found) return readPosts(Post, Inbox, found.page)
    hours = nextWindow(hours, found.held, needed)
  }
  const entries = await page(
    literal ? entriesOf(viewer, await matchingPosts(Post, viewer, scope, literal)) : {},
  )
  return readPosts(Post, Inbox, entries)
}
