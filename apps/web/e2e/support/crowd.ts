import type { APIRequestContext, APIResponse, PlaywrightWorkerArgs } from '@playwright/test'
import { createAccount, type Account } from './accounts'
import type { Member } from './members'

/**
 * Many people at once, for the tests of long lists (docs/wall.md, "Report panels"): each signs
 * up through the real REST calls, as `createAccount` does, in a request context of their own
 * that stays signed in, so they can act through the api; no browser page each.
 */
export interface Signed extends Account {
  request: APIRequestContext
}

/** People signing up at the same time: the api hashes each password, on a shared machine. */
const atOnce = 4

/** Signs up one person per name, `atOnce` at a time; answers them in the names' order. */
export const signUpMany = async (
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  names: readonly string[],
): Promise<Signed[]> => {
  const people: Signed[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(atOnce, names.length) }, async () => {
      for (let i = next++; i < names.length; i = next++) {
        const request = await playwright.request.newContext({ baseURL })
        people[i] = { ...(await createAccount(request, names[i] ?? '')), request }
      }
    }),
  )
  return people
}

const ok = async (answer: APIResponse) => {
  if (!answer.ok()) throw new Error(`${answer.status()} ${await answer.text()}`)
}

/** `owner` saves each person as a contact through the api, `atOnce` at a time. */
export const saveContacts = async (owner: Member, people: readonly Signed[]): Promise<void> => {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(atOnce, people.length) }, async () => {
      for (let i = next++; i < people.length; i = next++) {
        const person = people[i]
        if (person === undefined) continue
        await ok(
          await owner.context.request.post('/api/contact', {
            data: { name: person.name, phone: `+${person.phone}` },
          }),
        )
      }
    }),
  )
}

/** Closes every person's request context. */
export const disposeAll = async (people: readonly Signed[]): Promise<void> => {
  await Promise.all(people.map((person) => person.request.dispose()))
}
