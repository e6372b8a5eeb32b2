// What one rate of `pnpm bench:real` measured (docs/benchmarks.md, "9. As people use it"), from
// the posts of the schedule, what the client processes saw and the server's CPU. A wait that
// never ended counts as longer than any: a p99 past the posts that were answered reads "> wait".
import { percentile } from '../stats.js'
import type { Ran } from './pool.js'
import type { ClientHealth, Planned } from './protocol.js'

/** No answer within this time is an unanswered post: the web app's own wait (docs/wall.md, "Sending"). */
export const ANSWER_MS = 10_000

export interface RateFigures {
  rate: number
  posts: number
  /** Sender's emit to the server's stored acknowledgement. */
  ackP50: number
  ackP99: number
  /** Not answered within ANSWER_MS (late answers included), and refused (an error answer). */
  unanswered: number
  refused: number
  /** Tabs that got the post, of those that should have (every tab of every recipient). */
  delivered: number
  deliveries: number
  /** Emit to each recipient tab's `message`. */
  deliveryP50: number
  deliveryP99: number
  /** Stored posts whose sender got the recipient's `callback` (the delivery mark). */
  callbacks: number
  stored: number
  callbackP99: number
  /** How late the clients emitted against the schedule: a busy client shows here. */
  lateP99: number
  clients: ClientHealth[]
  /** The server's CPU, 100 = one core: its own process and what it started (its database). */
  cpu: { own: number; below: number } | undefined
}

export const measure = (
  rate: number,
  posts: readonly Planned[],
  tabsPerPerson: number,
  ran: Ran,
  cpu: RateFigures['cpu'],
): RateFigures => {
  const sent = new Map(ran.sends.map((s) => [s.id, s]))
  const ack = posts.map((post) => {
    const s = sent.get(post.id)
    return s?.answer === 'stored' && s.answeredAt !== undefined
      ? s.answeredAt - s.emittedAt
      : Number.POSITIVE_INFINITY
  })
  const answeredIn = (id: string) => {
    const s = sent.get(id)
    return s?.answeredAt !== undefined && s.answeredAt - s.emittedAt <= ANSWER_MS
  }
  const byPost = new Map<string, number[]>()
  for (const receipt of ran.receipts) {
    const s = sent.get(receipt.id)
    if (s) byPost.set(receipt.id, [...(byPost.get(receipt.id) ?? []), receipt.at - s.emittedAt])
  }
  const delivery = posts.flatMap((post) => {
    const times = byPost.get(post.id) ?? []
    return [
      ...times,
      ...Array<number>(Math.max(0, tabsPerPerson - times.length)).fill(Number.POSITIVE_INFINITY),
    ]
  })
  const stored = ran.sends.filter((s) => s.answer === 'stored')
  const callbackTimes = stored.map((s) =>
    s.callbackAt === undefined ? Number.POSITIVE_INFINITY : s.callbackAt - s.emittedAt,
  )
  return {
    rate,
    posts: posts.length,
    ackP50: percentile(ack, 0.5),
    ackP99: percentile(ack, 0.99),
    unanswered: posts.filter((post) => !answeredIn(post.id)).length,
    refused: ran.sends.filter((s) => s.answer === 'refused').length,
    delivered: delivery.filter(Number.isFinite).length,
    deliveries: posts.length * tabsPerPerson,
    deliveryP50: percentile(delivery, 0.5),
    deliveryP99: percentile(delivery, 0.99),
    callbacks: stored.filter((s) => s.callbackAt !== undefined).length,
    stored: stored.length,
    callbackP99: percentile(callbackTimes, 0.99),
    lateP99: percentile(
      ran.sends.map((s) => s.emittedAt - s.dueAt),
      0.99,
    ),
    clients: ran.health,
    cpu,
  }
}

/** Past the knee: more than a tenth unanswered, or a p99 beyond the web app's wait. */
export const pastTheKnee = (figures: RateFigures): boolean =>
  figures.unanswered > figures.posts / 10 || figures.ackP99 > ANSWER_MS
