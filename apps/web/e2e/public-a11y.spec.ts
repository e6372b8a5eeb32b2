import { expect, test, type Page } from '@playwright/test'
import { nextOtp, otpCount } from './support/otp-log'
import { chooseCountry, freshMail, freshPhone } from './support/people'
import { expectNoSeriousViolations } from './support/screens'

// The public pages hold no serious or critical accessibility fault (axe, WCAG 2 A and AA): the
// landing page at both widths, sign-in, each step of the password reset and of the sign-up.

const phone = { width: 390, height: 844 }
const desktop = { width: 1366, height: 850 }

/** A step of an account screen, once its heading and its country picker (if any) are in. */
const stepShown = async (page: Page, title: string) => {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByTestId('country-select-loading')).toHaveCount(0)
}

for (const [name, viewport] of [
  ['1366x850', desktop],
  ['390x844', phone],
] as const) {
  test.describe(`the landing page at ${name}`, () => {
    test.use({ viewport })

    test('has no serious accessibility fault', async ({ page }, testInfo) => {
      await page.goto('/landing-page')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoSeriousViolations(page, testInfo, `landing page, ${name}`)
    })
  })
}

test.describe('the landing page on a phone', () => {
  test.use({ viewport: phone })

  test('has no serious accessibility fault with its menu open', async ({ page }, testInfo) => {
    await page.goto('/landing-page')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog', { name: 'Main navigation' })).toBeVisible()
    await expectNoSeriousViolations(page, testInfo, 'landing page menu, 390x844')
  })

  test('scrolls the pricing table from the keyboard', async ({ page }) => {
    await page.goto('/landing-page')
    const box = page.getByRole('region', { name: 'The plans compared' })
    await box.scrollIntoViewIfNeeded()
    // Focusable in its own right, not only where the browser makes every scroller focusable
    // (Chromium does; axe then finds no fault either way).
    await expect(box).toHaveAttribute('tabindex', '0')
    // Wider than the screen, so it scrolls: the box is reached with Tab, the arrows scroll it.
    const overflow = await box.evaluate((el) => el.scrollWidth - el.clientWidth)
    expect(overflow).toBeGreaterThan(0)
    await page.getByRole('heading', { name: 'Pricing' }).click()
    await page.keyboard.press('Tab')
    await expect(box).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
  })
})

test('sign-in has no serious accessibility fault, nor once its fields are refused', async ({
  page,
}, testInfo) => {
  await page.goto('/auth')
  await stepShown(page, 'Log in')
  await expectNoSeriousViolations(page, testInfo, 'sign-in')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('Please enter a password.', { exact: true })).toBeVisible()
  await expectNoSeriousViolations(page, testInfo, 'sign-in with its field messages')
})

test('each step of the password reset has no serious accessibility fault', async ({
  page,
}, testInfo) => {
  const number = freshPhone()
  await page.goto('/auth')
  await page.getByRole('button', { name: 'I forgot my password' }).click()
  await stepShown(page, 'Reset your password')
  await expectNoSeriousViolations(page, testInfo, 'reset: phone')

  await chooseCountry(page, 'FR')
  await page.getByLabel('Phone number', { exact: true }).fill(number.typed)
  const before = await otpCount('whatsapp', number.account)
  await page.getByRole('button', { name: 'Send Code' }).click()
  const code = page.getByLabel('Code', { exact: true })
  await expect(code).toBeVisible()
  await expectNoSeriousViolations(page, testInfo, 'reset: code')

  await code.fill(await nextOtp('whatsapp', number.account, before))
  await page.getByRole('button', { name: 'Verify Code' }).click()
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible()
  await expectNoSeriousViolations(page, testInfo, 'reset: new password')
})

test('each step of the sign-up has no serious accessibility fault', async ({ page }, testInfo) => {
  const number = freshPhone()
  const mail = freshMail()
  await page.goto('/inscription')
  await stepShown(page, 'Create your account')
  await expectNoSeriousViolations(page, testInfo, 'sign-up 1: phone')

  await chooseCountry(page, 'FR')
  await page.getByLabel('Phone number', { exact: true }).fill(number.typed)
  await page.getByRole('button', { name: 'Send Code' }).click()
  await stepShown(page, 'Verify your phone')
  await expectNoSeriousViolations(page, testInfo, 'sign-up 2: phone code')

  await page.getByLabel('Code', { exact: true }).fill(await nextOtp('whatsapp', number.account, 0))
  await page.getByRole('button', { name: 'Verify Code' }).click()
  await stepShown(page, 'Your e-mail')
  await expectNoSeriousViolations(page, testInfo, 'sign-up 3: e-mail')

  await page.getByLabel('E-mail', { exact: true }).fill(mail)
  await page.getByRole('button', { name: 'Send Code' }).click()
  await stepShown(page, 'Verify your e-mail')
  await expectNoSeriousViolations(page, testInfo, 'sign-up 4: e-mail code')

  await page.getByLabel('Code', { exact: true }).fill(await nextOtp('email', mail, 0))
  await page.getByRole('button', { name: 'Verify Code' }).click()
  await stepShown(page, 'About you')
  await expectNoSeriousViolations(page, testInfo, 'sign-up 5: names and password')
})
