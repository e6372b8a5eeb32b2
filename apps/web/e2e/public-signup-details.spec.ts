import { expect, test, type Locator, type TestInfo, type Page } from '@playwright/test'
import { chooseCountry, freshPhone } from './support/people'

// The sign-up's finish as a person sees it on a phone (docs/behaviour.md, "Sign-up"): the step
// counter apart from the field under it, the number written the way the country writes it, the
// code step's two buttons in one column.

test.use({ viewport: { width: 390, height: 844 } })

const box = async (locator: Locator) => {
  const found = await locator.boundingBox()
  if (found === null) throw new Error(`${locator.toString()} is not on screen`)
  return found
}

const screenshot = async (page: Page, testInfo: TestInfo, name: string) => {
  const path = testInfo.outputPath(`${name}.png`)
  await page.screenshot({ path })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

test('the step counter stands apart from the first field, at each step', async ({
  page,
}, testInfo) => {
  const number = freshPhone()
  await page.goto('/inscription')
  // Once the country picker has taken its placeholder's place.
  await expect(page.getByLabel('Country', { exact: true })).toBeVisible()
  const label = page.getByText('Country', { exact: true })
  const counter = page.getByText('Step 1 of 5', { exact: true })
  const gap = (await box(label)).y - ((await box(counter)).y + (await box(counter)).height)
  expect(gap, 'space between "Step 1 of 5" and "Country"').toBeGreaterThanOrEqual(12)
  await screenshot(page, testInfo, 'sign-up step 1, 390x844')

  await chooseCountry(page, 'FR')
  await page.getByLabel('Phone number', { exact: true }).fill(number.typed)
  await page.getByRole('button', { name: 'Send Code' }).click()
  const next = page.getByText('Step 2 of 5', { exact: true })
  const lead = page.getByText(/^A 6-digit code was sent to/)
  await expect(lead).toBeVisible()
  const leadGap = (await box(lead)).y - ((await box(next)).y + (await box(next)).height)
  expect(leadGap, 'space between "Step 2 of 5" and the sentence under it').toBeGreaterThanOrEqual(
    12,
  )
})

test('the code step names the number as its country writes it, with its dial code', async ({
  page,
}, testInfo) => {
  const number = freshPhone()
  // '06 12345678' in France is written '+33 6 12 34 56 78'.
  const national = number.account.slice(2)
  const written = `+33 ${national[0]} ${national.slice(1).match(/\d\d/g)?.join(' ')}`
  await page.goto('/inscription')
  await chooseCountry(page, 'FR')
  await page.getByLabel('Phone number', { exact: true }).fill(number.typed)
  await page.getByRole('button', { name: 'Send Code' }).click()
  await expect(page.getByText(`A 6-digit code was sent to ${written}.`)).toBeVisible()
  const strong = page.locator('.auth-form__lead strong')
  await expect(strong).toHaveText(written)
  // On one line, not cut between its groups of digits.
  const lineHeight = await strong.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight))
  expect((await box(strong)).height).toBeLessThan(lineHeight * 1.5)

  // Resend and 'Change the number' in one column: same left edge, same width as the field.
  const field = await box(page.getByLabel('Code', { exact: true }))
  const resend = await box(page.getByRole('button', { name: 'Resend via WhatsApp' }))
  const change = await box(page.getByRole('button', { name: 'Change the number' }))
  for (const [name, button] of [
    ['Resend via WhatsApp', resend],
    ['Change the number', change],
  ] as const) {
    expect(Math.abs(button.x - field.x), `${name}'s left edge`).toBeLessThanOrEqual(1)
    expect(Math.abs(button.width - field.width), `${name}'s width`).toBeLessThanOrEqual(1)
  }
  expect(change.y, 'Change the number under Resend').toBeGreaterThanOrEqual(
    resend.y + resend.height,
  )
  await screenshot(page, testInfo, 'sign-up step 2, 390x844')
})

test('the sign-up page leads back to Log in', async ({ page }) => {
  await page.goto('/inscription')
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
})
