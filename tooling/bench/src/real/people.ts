// The people of `pnpm bench:real`, made as newcomers make themselves (docs/benchmarks.md, "9. As
// people use it"): each signs up through the api's documented calls, the codes read from the
// development sender's log as a person reads them on their phone (`signUpOverHttp`), then saves
// their contacts through the api as the web app's contacts screen does.
import { SESSION_COOKIE } from '@palabre/api'
import { saveContact } from '@palabre/contracts'
import { signUpOverHttp } from '@palabre/testing'
import { percentile } from '../stats.js'
import { now } from './protocol.js'
import type { Person } from './protocol.js'
import { contactsOf } from './schedule.js'

/** People signing up at the same time, and contacts saved at the same time. */
const AT_ONCE = 4

/** Runs `work` on each of `count` items, `AT_ONCE` at a time; answers each one's time in ms. */
const inTurns = async (count: number, work: (i: number) => Promise<void>): Promise<number[]> => {
  const times: number[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(AT_ONCE, count) }, async () => {
      for (let i = next++; i < count; i = next++) {
        const started = now()
        await work(i)
        times.push(now() - started)
      }
    }),
  )
  return times
}

export interface Timed {
  totalMs: number
  p50Ms: number
  p99Ms: number
}

const timing = (started: number, times: number[]): Timed => ({
  totalMs: now() - started,
  p50Ms: percentile(times, 0.5),
  p99Ms: percentile(times, 0.99),
})

/** Person i: the French mobile 06 70 00 00 00 + i, an address of their own. */
const personOf = (i: number) => ({
  phoneNumber: `06${70_000_000 + i}`,
  phone: `336${70_000_000 + i}`,
  mail: `bench-real-${i}@example.test`,
  name: `Bench ${i}`,
  password: `bench-Real-pass-${i}`,
})

export const signUpEveryone = async (
  base: string,
  otpLogFile: string,
  count: number,
): Promise<{ people: Person[]; timing: Timed }> => {
  const started = now()
  const people: Person[] = new Array<Person>(count)
  const times = await inTurns(count, async (i) => {
    const person = personOf(i)
    const token = await signUpOverHttp(base, otpLogFile, person)
    people[i] = { phone: person.phone, name: person.name, token }
  })
  return { people, timing: timing(started, times) }
}

/** Everybody saves their contacts (the next ones round the circle), one call each. */
export const acquaintEveryone = async (
  base: string,
  people: readonly Person[],
  contacts: number,
): Promise<Timed> => {
  const started = now()
  const calls = people.flatMap((owner, u) =>
    contactsOf(u, people.length, contacts).map((c) => ({ owner, contact: people[c]! })),
  )
  const times = await inTurns(calls.length, async (i) => {
    const { owner, contact } = calls[i]!
    const response = await fetch(`${base}${saveContact.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${SESSION_COOKIE}=${owner.token}`,
        origin: base,
      },
      // As typed in the contacts screen, with its '+' (docs/behaviour.md, "Contacts").
      body: JSON.stringify({ name: contact.name, phone: `+${contact.phone}` }),
    })
    if (response.status !== 200)
      throw new Error(`saving a contact answered ${response.status}: ${await response.text()}`)
  })
  return timing(started, times)
}
