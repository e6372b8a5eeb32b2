import type { CommentPayload, MessagePayload } from '@palabre/contracts'
import { newClientId } from '../../model/ids'
import type { SendState } from '../../model/types'
import type { WireComment, WirePost } from '../view-models'

/** A file or quiz of a post, sent as its own comment once the post is stored. */
export interface PostAttachment {
  idCmtEmet: string
  image: string
  fileDocName: string
}

/**
 * The tab that is emitting an item, until when: the other tabs of the same user leave it to
 * that tab meanwhile (docs/wall.md, "Sending"). Only a pending item holds one.
 */
export interface OutboxClaim {
  tab: string
  /** Epoch milliseconds: past it the tab is presumed gone and any tab may send the item. */
  until: number
}

/** What the wall still has to hear the server store (docs/wall.md, "Sending"). */
export type OutboxItem =
  | {
      kind: 'post'
      id: string
      payload: MessagePayloadInput
      /** What shows meanwhile, as the server's item (docs/wall.md, "View models"). */
      view: WirePost
      state: SendState
      claim?: OutboxClaim
      /** In the order chosen; each becomes a comment with this id when the post is stored. */
      attachments?: PostAttachment[]
    }
  | {
      kind: 'comment'
      id: string
      postId: string
      payload: CommentPayloadInput
      view: WireComment
      state: SendState
      claim?: OutboxClaim
    }

/** The payloads as emitted (before the contract's defaults and transforms). */
export type MessagePayloadInput = Omit<
  MessagePayload,
  'destinataires' | 'groups' | 'text' | 'typePoste'
> & {
  text: string
  typePoste: '0'
  destinataires: { phone: string; name?: string }[]
  groups: { idGroup: string; name?: string }[]
}
export type CommentPayloadInput = Pick<CommentPayload, 'idPostEmet' | 'idCmtEmet' | 'cmt'> & {
  image: string
  fileDocName: string
  typecommente: '1' | '3'
  dateCreation: string
}

type Listener = () => void

/**
 * The outbox of one user on this browser: posts and comments written here that the server has
 * not acknowledged yet, kept in localStorage so a reload loses none of them. Read through
 * `useSyncExternalStore` (subscribe / snapshot).
 */
export class Outbox {
  private items: readonly OutboxItem[]
  private readonly listeners = new Set<Listener>()

  constructor(
    private readonly storageKey: string,
    private readonly storage: Storage | undefined = globalThis.localStorage,
  ) {
    this.items = this.read()
    globalThis.addEventListener?.('storage', this.onStorage)
  }

  /** Another tab of the same user changed the outbox: take its version. */
  private readonly onStorage = (event: StorageEvent): void => {
    if (event.key !== this.storageKey) return
    this.items = this.read()
    for (const listener of this.listeners) listener()
  }

  dispose(): void {
    globalThis.removeEventListener?.('storage', this.onStorage)
    this.listeners.clear()
  }

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly snapshot = (): readonly OutboxItem[] => this.items

  get(id: string): OutboxItem | undefined {
    return this.items.find((item) => item.id === id)
  }

  put(item: OutboxItem): void {
    const rest = this.items.filter((i) => i.id !== item.id)
    this.commit([...rest, item])
  }

  /** Sets an item's state; an item no longer pending holds no claim. */
  setState(id: string, state: SendState, claim?: OutboxClaim): void {
    if (!this.items.some((i) => i.id === id)) return
    this.commit(
      this.items.map((i) =>
        i.id === id
          ? i.kind === 'post'
            ? { ...i, state, claim, view: { ...i.view, sendState: state } }
            : { ...i, state, claim, view: { ...i.view, sendState: state } }
          : i,
      ),
    )
  }

  /** Marks an item pending, emitted by `tab` until `until` (see OutboxClaim). */
  claim(id: string, tab: string, until: number): void {
    this.setState(id, 'pending', { tab, until })
  }

  /** Changes a post still on its way (marks heard of before its acknowledgement). */
  updatePost(id: string, change: (view: WirePost) => WirePost): void {
    const item = this.get(id)
    if (item?.kind === 'post') this.put({ ...item, view: change(item.view) })
  }

  /** Changes a comment still on its way (marks heard of before its acknowledgement). */
  updateComment(id: string, change: (view: WireComment) => WireComment): void {
    const item = this.get(id)
    if (item?.kind === 'comment') this.put({ ...item, view: change(item.view) })
  }

  remove(id: string): void {
    if (this.items.some((i) => i.id === id)) this.commit(this.items.filter((i) => i.id !== id))
  }

  /** Forgets everything (log-out, session ended): the next user of the browser sees nothing. */
  clear(): void {
    this.commit([])
  }

  private commit(items: readonly OutboxItem[]): void {
    this.items = items
    try {
      if (items.length === 0) this.storage?.removeItem(this.storageKey)
      else this.storage?.setItem(this.storageKey, JSON.stringify(items))
    } catch {
      // A full or disabled storage keeps the outbox for this page's life only.
    }
    for (const listener of this.listeners) listener()
  }

  private read(): readonly OutboxItem[] {
    try {
      const text = this.storage?.getItem(this.storageKey)
      if (!text) return []
      const parsed: unknown = JSON.parse(text)
      return Array.isArray(parsed) ? (parsed as OutboxItem[]) : []
    } catch {
      return []
    }
  }
}

export const outboxKey = (phone: string): string => `palabre.outbox.${phone}`

/** Whether another live tab is emitting the item: this one leaves it alone until `until`. */
export const claimedElsewhere = (item: OutboxItem, tab: string, now = Date.now()): boolean =>
  item.state === 'pending' &&
  item.claim !== undefined &&
  item.claim.tab !== tab &&
  item.claim.until > now

const tabKey = 'palabre.tab'

/**
 * This tab's name in claims. Kept in sessionStorage, which a reload keeps and other tabs do not
 * share: after a reload the tab takes up its own claims at once.
 */
export const tabId = (storage: Storage | undefined = globalThis.sessionStorage): string => {
  try {
    const known = storage?.getItem(tabKey)
    if (known) return known
    const id = newClientId()
    storage?.setItem(tabKey, id)
    return id
  } catch {
    return newClientId()
  }
}
