// A client process of `pnpm bench:real` (docs/benchmarks.md, "9. As people use it"): the tabs of
// some of the people, as browsers hold them, apart from the server. Each tab is a socket.io
// client of its own carrying the person's session cookie and the product's Origin, as the web
// app's is; it acknowledges every post it receives, as the web app does. The people of this
// process send their posts of the schedule on time, whatever the answers (open loop), from
// their first tab; the process reports what it sent and received, and its own event-loop delay
// and CPU, so that a client too busy to keep time shows.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import type { PostData, ServerToClientEvents } from '@palabre/contracts'
import { socketPath } from '@palabre/contracts'
import { SESSION_COOKIE } from '@palabre/realtime'
import { io } from 'socket.io-client'
import type { Socket } from 'socket.io-client'
import { now } from './protocol.js'
import type {
  ClientHealth,
  FromClients,
  Person,
  Receipt,
  Sent,
  Target,
  ToClients,
} from './protocol.js'

/** Tabs opened at once while connecting, as many people opening the product together. */
const CONNECTING_AT_ONCE = 50

interface Tab {
  person: number
  socket: Socket
  /** The posts this tab received, each once. */
  seen: Set<string>
}

const tell = (message: FromClients): Promise<void> =>
  new Promise((resolve) => process.send?.(message, () => resolve()))

const openTab = (target: Target, person: Person): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = io(target.url, {
      path: socketPath,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(target.kind === 'palabre'
        ? {
            // What a browser sends for a page of the product: its cookie and its origin.
            extraHeaders: { Cookie: `${SESSION_COOKIE}=${person.token}`, Origin: target.url },
          }
        : { auth: { phone: person.phone } }),
    })
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', (error) => {
      socket.close()
      reject(new Error(`a tab of ${person.phone} could not connect: ${error.message}`))
    })
  })

let tabs: Tab[] = []
/** Every receipt of the current run, in order. */
let receipts: Receipt[] = []
/** The current run's sends by post id, for their callbacks. */
let sending = new Map<string, Sent & { recipient: string }>()
/** The ids of the current run's posts, wherever they are sent from. */
let expected = new Set<string>()

const connect = async (message: Extract<ToClients, { type: 'connect' }>): Promise<FromClients> => {
  const started = now()
  const wanted = message.people.flatMap(({ index, person }) =>
    Array.from({ length: message.tabs }, () => ({ index, person })),
  )
  for (let at = 0; at < wanted.length; at += CONNECTING_AT_ONCE) {
    const opened = await Promise.all(
      wanted.slice(at, at + CONNECTING_AT_ONCE).map(async ({ index, person }) => ({
        person: index,
        socket: await openTab(message.target, person),
        seen: new Set<string>(),
      })),
    )
    tabs.push(...opened)
  }
  for (const tab of tabs) {
    tab.socket.on('message', (post: PostData, ack?: (answer: unknown) => void) => {
      if (typeof ack === 'function') ack(1)
      const id = post.data.idPostEmet
      // A straggler of the rate before is not this run's.
      if (tab.seen.has(id) || !expected.has(id)) return
      tab.seen.add(id)
      receipts.push({ id, at: now() })
    })
  }
  // A person's first tab sends their posts and counts their callbacks.
  const first = new Set<number>()
  for (const tab of tabs) {
    if (first.has(tab.person)) continue
    first.add(tab.person)
    tab.socket.on('callback', (mark: Parameters<ServerToClientEvents['callback']>[0]) => {
      const sent = sending.get(mark.idPostEmet)
      if (sent && sent.callbackAt === undefined && mark.phone === sent.recipient)
        sent.callbackAt = now()
    })
  }
  return { type: 'connected', sockets: tabs.length, ms: now() - started }
}

const run = async (message: Extract<ToClients, { type: 'run' }>): Promise<FromClients> => {
  const { everyone, posts, startAt, waitMs } = message
  receipts = []
  sending = new Map()
  expected = new Set(posts.map((post) => post.id))
  const senders = new Map<number, Socket>()
  for (const tab of tabs) if (!senders.has(tab.person)) senders.set(tab.person, tab.socket)
  const mine = posts.filter((post) => senders.has(post.from)).sort((a, b) => a.atMs - b.atMs)
  const tabsOf = new Map<number, number>()
  for (const tab of tabs) tabsOf.set(tab.person, (tabsOf.get(tab.person) ?? 0) + 1)
  const expectedReceipts = posts.reduce((sum, post) => sum + (tabsOf.get(post.to) ?? 0), 0)

  const loop = monitorEventLoopDelay({ resolution: 10 })
  loop.enable()
  const cpuBefore = process.cpuUsage()
  const wallBefore = now()
  const answers: Promise<void>[] = []
  for (const post of mine) {
    const dueAt = startAt + post.atMs
    const wait = dueAt - now()
    if (wait > 0) await sleep(wait)
    const from = everyone[post.from]!
    const to = everyone[post.to]!
    const at = new Date().toISOString()
    const sent: Sent & { recipient: string } = {
      id: post.id,
      dueAt,
      emittedAt: now(),
      answer: 'unanswered',
      recipient: to.phone,
    }
    sending.set(post.id, sent)
    // The web app's post (apps/web's new-post.ts): one contact, no folder.
    const payload = {
      emetr_phone: from.phone,
      emetr_name: from.name,
      text: `Post ${post.id}: the figures are in, see you at the meeting.`,
      typePoste: '0',
      idPostEmet: post.id,
      dateCreation: at,
      dateLastEvent: at,
      counterDest: 1,
      destinataires: [{ phone: to.phone, name: to.name }],
      groups: [],
    }
    answers.push(
      senders
        .get(post.from)!
        .timeout(waitMs)
        .emitWithAck('message', payload)
        .then(
          (answer: unknown) => {
            sent.answeredAt = now()
            if (answer === 1) sent.answer = 'stored'
            else {
              sent.answer = 'refused'
              sent.code = (answer as { error?: { code?: string } })?.error?.code ?? 'unknown'
            }
          },
          () => undefined,
        ),
    )
  }
  await Promise.all(answers)
  // Then every tab's post and every stored post's callback, or the end of their wait.
  const lastDue = startAt + (posts.at(-1)?.atMs ?? 0)
  const sends = [...sending.values()]
  const settled = () =>
    receipts.length >= expectedReceipts &&
    sends.every((sent) => sent.answer !== 'stored' || sent.callbackAt !== undefined)
  while (!settled() && now() < lastDue + waitMs) await sleep(50)
  loop.disable()
  const cpu = process.cpuUsage(cpuBefore)
  const health: ClientHealth = {
    loopP50Ms: loop.percentile(50) / 1e6,
    loopP99Ms: loop.percentile(99) / 1e6,
    loopMaxMs: loop.max / 1e6,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / (now() - wallBefore)) * 100,
  }
  return {
    type: 'ran',
    sends: sends.map(({ recipient: _recipient, ...sent }) => sent),
    receipts,
    health,
  }
}

const disconnect = (): FromClients => {
  for (const tab of tabs) tab.socket.close()
  tabs = []
  return { type: 'disconnected' }
}

process.on('message', (message: ToClients) => {
  const answer =
    message.type === 'connect'
      ? connect(message)
      : message.type === 'run'
        ? run(message)
        : Promise.resolve(disconnect())
  void answer.then(tell, (error: unknown) =>
    tell({ type: 'failed', error: error instanceof Error ? error.message : String(error) }),
  )
})
