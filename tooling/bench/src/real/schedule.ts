// The posts of one rate (docs/benchmarks.md, "9. As people use it"): each from a random person to
// one of their contacts, due at even intervals. The same tabs and rate give the same posts, so
// the product and the bare server get one schedule.
import type { Planned } from './protocol.js'

/** A small seeded generator (mulberry32): the same seed, the same numbers. */
const seeded = (seed: number): (() => number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** Person `u`'s contacts: the next `contacts` people, round the circle. */
export const contactsOf = (u: number, people: number, contacts: number): number[] =>
  Array.from({ length: Math.min(contacts, people - 1) }, (_, k) => (u + 1 + k) % people)

export const scheduleOf = ({
  people,
  contacts,
  tabs,
  rate,
  seconds,
}: Record<'people' | 'contacts' | 'tabs' | 'rate' | 'seconds', number>): Planned[] => {
  const random = seeded(tabs * 100_003 + rate)
  return Array.from({ length: rate * seconds }, (_, i) => {
    const from = Math.floor(random() * people)
    const theirs = contactsOf(from, people, contacts)
    return {
      // Unique in the product's database across the whole run: a post id sent again is a retry.
      id: `real-t${tabs}-r${rate}-${i}`,
      from,
      to: theirs[Math.floor(random() * theirs.length)]!,
      atMs: (i * 1000) / rate,
    }
  })
}
