// How `pnpm bench:real` prints (docs/benchmarks.md, "9. As people use it"): a line per rate as it
// ends, then the table of the issue that asked for it, the product beside the bare server.
import { ANSWER_MS } from './measure.js'
import type { RateFigures } from './measure.js'

const thousands = (value: number) => Math.round(value).toLocaleString('en-US')

/** A time with its unit: ms, seconds from the web app's wait on, or past the bench's own wait. */
export const duration = (ms: number, waitMs: number): string => {
  if (!Number.isFinite(ms)) return `> ${waitMs / 1000} s`
  return ms >= ANSWER_MS ? `${(ms / 1000).toFixed(1)} s` : `${thousands(ms)} ms`
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '-' : `${((part / whole) * 100).toFixed(part === whole ? 0 : 1)} %`

/** One rate's figures, all of them, as soon as it ends. */
export const rateLine = (f: RateFigures, waitMs: number): string => {
  const ms = (value: number) => duration(value, waitMs)
  const clients = f.clients
    .map((c) => `${c.loopP99Ms.toFixed(0)}/${c.cpuPercent.toFixed(0)}%`)
    .join(' ')
  const cpu = f.cpu ? `${f.cpu.own.toFixed(0)}% + ${f.cpu.below.toFixed(0)}%` : 'n/a'
  return [
    `${String(f.rate).padStart(4)}/s  ${thousands(f.posts)} posts`,
    `ack p50 ${ms(f.ackP50)} p99 ${ms(f.ackP99)}`,
    `unanswered ${f.unanswered} refused ${f.refused}`,
    `delivered ${f.delivered}/${f.deliveries} (${percent(f.delivered, f.deliveries)}) p50 ${ms(f.deliveryP50)} p99 ${ms(f.deliveryP99)}`,
    `callbacks ${f.callbacks}/${f.stored} p99 ${ms(f.callbackP99)}`,
    `late p99 ${f.lateP99.toFixed(0)} ms`,
    `clients loop p99/CPU ${clients}`,
    `server CPU ${cpu}`,
  ].join(' | ')
}

/** The product's cell: p50 / p99, and what went missing when something did. */
const productCell = (f: RateFigures | undefined, waitMs: number): string => {
  if (!f) return '—'
  const notes = [
    ...(f.unanswered > 0 ? [`${thousands(f.unanswered)} unanswered in ${ANSWER_MS / 1000} s`] : []),
    ...(f.refused > 0 ? [`${thousands(f.refused)} refused`] : []),
    ...(f.delivered < f.deliveries ? [`${percent(f.delivered, f.deliveries)} delivered`] : []),
  ]
  return [`${duration(f.ackP50, waitMs)} / ${duration(f.ackP99, waitMs)}`, ...notes].join(', ')
}

export interface Series {
  tabs: number
  palabre: RateFigures[]
  bare: RateFigures[]
}

/** The table: a row per rate, the product for each number of tabs, the bare server, the ratios. */
export const resultTable = (
  rates: readonly number[],
  series: readonly Series[],
  waitMs: number,
): string => {
  const tabsLabel = (tabs: number) => `${tabs} tab${tabs === 1 ? '' : 's'} each`
  const at = (list: RateFigures[], rate: number) => list.find((f) => f.rate === rate)
  const tabsList = `${series.map((s) => s.tabs).join(' / ')} tab${series.length === 1 && series[0]?.tabs === 1 ? '' : 's'}`
  const header = [
    'rate',
    ...series.map((s) => `${tabsLabel(s.tabs)}: ack p50 / p99`),
    `bare socket.io p99 (${tabsList})`,
    `p99 / bare (${tabsList})`,
  ]
  const rows = rates.map((rate) => {
    const ratios = series.map((s) => {
      const ours = at(s.palabre, rate)
      const bare = at(s.bare, rate)
      if (!ours || !bare) return '—'
      if (!Number.isFinite(ours.ackP99)) return `> ${(waitMs / bare.ackP99).toFixed(0)}`
      return (ours.ackP99 / bare.ackP99).toFixed(1)
    })
    return [
      `${rate}/s`,
      ...series.map((s) => productCell(at(s.palabre, rate), waitMs)),
      series
        .map((s) => {
          const b = at(s.bare, rate)
          return b ? duration(b.ackP99, waitMs) : '—'
        })
        .join(' / '),
      ratios.join(' / '),
    ]
  })
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}
