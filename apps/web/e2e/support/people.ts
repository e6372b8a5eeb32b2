import type { Page } from '@playwright/test'

let counter = 0

/** A fresh French mobile number for each test: typed national form and the account key. */
export const freshPhone = () => {
  counter += 1
  const tail = String((Date.now() * 10 + counter) % 100_000_000).padStart(8, '0')
  return { typed: `06 ${tail}`, account: `336${tail}` }
}

export const freshMail = (): string => `e2e-${Date.now()}-${++counter}@example.org`

/** Picks a country in the searchable select of a phone step. */
export const chooseCountry = async (page: Page, code: string): Promise<void> => {
  await page.getByLabel('Country', { exact: true }).selectOption(code)
}
