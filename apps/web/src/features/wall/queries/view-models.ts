import type {
  Comment,
  CommentContent,
  CommentStatus,
  PostContent,
  PostData,
  Recipient,
} from '@palabre/contracts'

/**
 * The wall's view models (docs/wall.md, "View models"): a post or a comment as the components
 * read it, in the product's words. The cache and the outbox keep the server's items as they
 * came, so the contracts' marks rules keep working on them; everything of the wall outside
 * `queries/` gets these instead, converted here and only here. Each field below names the wire
 * field it is read from.
 */

/**
 * Where an item the user wrote stands (docs/wall.md, "Sending"): on its way, stored by the
 * server, refused (Resend), held back by the server's rate limit (retried later), or unanswered
 * and waiting for the next connection to go again by itself.
 */
export type SendState = 'pending' | 'sent' | 'failed' | 'throttled' | 'waiting'

/** A post item as the server shapes it, with our sending state when it was written here. */
export type WirePost = PostData & { sendState?: SendState }

/** A comment item as the server shapes it, with our sending state when it was written here. */
export type WireComment = Comment & { sendState?: SendState }

/** Who wrote a post or a comment. */
export interface Author {
  /** wire: `emetr_phone` */
  phone: string
  /** wire: `emetr_name`; may be empty, then shown as '+' and the phone. */
  name: string
}

/** The wire fields a view model gives another word. */
type Renamed = 'emetr_phone' | 'emetr_name' | 'destinataires'

/** What a post says: its text, dates, folders, and its author and recipients. */
export type PostContentView = Omit<PostContent, Renamed> & {
  author: Author
  /**
   * wire: `destinataires`. Each keeps its two marks, for the contracts' rules, and
   * `deactivated: true` when an administrator deactivated that person (docs/wall.md,
   * "Deactivated people"). The contacts and the folders' participants carry the same flag.
   */
  recipients: Recipient[]
}

/** A post as the wall shows it, with the viewer's own marks beside its content. */
export type PostView = Omit<WirePost, 'data' | 'cmtnonlu'> & {
  data: PostContentView
  /** wire: `cmtnonlu`, the comments the viewer has not read. */
  unreadComments: number
}

/** What a comment says: its text or attachment, date, and its author and recipients. */
export type CommentContentView = Omit<CommentContent, Renamed> & {
  author: Author
  /** wire: `destinataires` */
  recipients: Recipient[]
}

/**
 * A comment as the discussion shows it. A comment's own `cmtnonlu` (whether the viewer has seen
 * it) is not kept: the wall counts unread comments per post.
 */
export type CommentView = Omit<WireComment, 'data' | 'cmtnonlu' | 'tagcmtstatut'> & {
  data: CommentContentView
  /** wire: `tagcmtstatut`, what its author's ticks show ('' or '0' sent … '4' seen by all). */
  status?: CommentStatus
}

/** The content of a post or a comment, with its author and recipients in the view's words. */
const readContent = <C extends PostContent | CommentContent>({
  emetr_phone: phone,
  emetr_name: name,
  destinataires: recipients,
  ...content
}: C) => ({ ...content, author: { phone, name }, recipients })

const readPost = ({ data, cmtnonlu, ...entry }: WirePost): PostView => ({
  ...entry,
  unreadComments: cmtnonlu,
  data: readContent(data),
})

const readComment = ({
  data,
  cmtnonlu: _unseen,
  tagcmtstatut,
  ...item
}: WireComment): CommentView => ({ ...item, status: tagcmtstatut, data: readContent(data) })

/**
 * One view per server item: the cache and the outbox replace an item when it changes, so the
 * same item always gives the same view, and React sees no change where there is none.
 */
const remembered = <W extends object, V>(read: (wire: W) => V) => {
  const views = new WeakMap<W, V>()
  return (wire: W): V => {
    const known = views.get(wire)
    if (known !== undefined) return known
    const view = read(wire)
    views.set(wire, view)
    return view
  }
}

export const toPostView: (post: WirePost) => PostView = remembered(readPost)
export const toCommentView: (comment: WireComment) => CommentView = remembered(readComment)
