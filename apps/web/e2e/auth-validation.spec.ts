import { expect, test, type Page } from '@playwright/test'
import { nextOtp, otpCount, wrongCode } from './support/otp-log'
import { chooseCountry, freshMail, freshPhone } from './support/people'

const shows = (page: Page, text: string) =>
  expect(page.getByText(text, { exact: true })).toBeVisible()
const hides = (page: Page, text: string) =>
  expect(page.getByText(text, { exact: true })).toBeHidden()

test('sign-in: every field message', async ({ page }) => {
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Log in' }).click()
  await shows(page, 'Please select country.')
  await shows(page, 'Can you please provide your phone number?')
  await shows(page, 'Please enter a password.')

  await chooseCountry(page, 'FR')
  await page.getByLabel('Phone number', { exact: true }).fill(' +(-)#* ')
  await page.getByLabel('Password', { exact: true }).fill('whatever')
  await page.getByRole('button', { name: 'Log in' }).click()
  await hides(page, 'Please select country.')
  await hides(page, 'Please enter a password.')
  await shows(page, 'Can you please provide your phone number?')
})

test('sign-in: an unknown number is told to sign up', async ({ page }) => {
  const phone = freshPhone()
  await page.goto('/auth')
  await chooseCountry(page, 'FR')
  await page.getByLabel('Phone number', { exact: true }).fill(phone.typed)
  await page.getByLabel('Password', { exact: true }).fill('whatever')
  await page.getByRole('button', { name: 'Log in' }).click()
  await shows(page, 'Number not found, time to sign up!')
})

test('forgot password: phone, code and new password messages', async ({ page }) => {
  const phone = freshPhone()
  await page.clock.install()
  await page.goto('/auth')
  await page.getByRole('button', { name: 'I forgot my password' }).click()
  await page.getByRole('button', { name: 'Send Code' }).click()
  await shows(page, 'Please select country.')
  await shows(page, 'Please fill number phone field.')

  await chooseCountry(page, 'FR')
  await page.getByLabel('Phone number', { exact: true }).fill(phone.typed)
  const before = await otpCount('whatsapp', phone.account)
  await page.getByRole('button', { name: 'Send Code' }).click()
  const code = await nextOtp('whatsapp', phone.account, before)

  // Step 2: the 0:59 countdown, resend disabled until zero.
  await expect(page.getByRole('button', { name: 'Verify Code' })).toBeVisible()
  await shows(page, "Didn't receive a code?")
  await expect(page.getByTestId('otp-countdown')).toHaveText('0:59')
  const resend = page.getByRole('button', { name: 'Resend via WhatsApp' })
  await expect(resend).toBeDisabled()
  await page.clock.runFor(60_000)
  await expect(page.getByTestId('otp-countdown')).toHaveText('0:00')
  await expect(resend).toBeEnabled()

  await page.getByLabel('Code', { exact: true }).fill(wrongCode(code))
  await page.getByRole('button', { name: 'Verify Code' }).click()
  await shows(page, 'Incorrect OTP code.')

  // 'Change the number' goes back to step 1 and keeps what was typed.
  await page.getByRole('button', { name: 'Change the number' }).click()
  await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue(phone.typed)
  await expect(page.getByRole('button', { name: 'Send Code' })).toBeVisible()
})

test('forgot password step 3 messages', async ({ page }) => {
  const phone = freshPhone()
  await page.goto('/auth')
  await page.getByRole('button', { name: 'I forgot my password' }).click()
  await chooseCountry(page, 'FR')
  await page.getByLabel('Phone number', { exact: true }).fill(phone.typed)
  const before = await otpCount('whatsapp', phone.account)
  await page.getByRole('button', { name: 'Send Code' }).click()
  await page
    .getByLabel('Code', { exact: true })
    .fill(await nextOtp('whatsapp', phone.account, before))
  await page.getByRole('button', { name: 'Verify Code' }).click()

  const reset = page.getByRole('button', { name: 'Reset Password' })
  await reset.click()
  await shows(page, 'Please fill password field.')
  await shows(page, 'Please fill comfirm password field.')
  await page.getByLabel('New password', { exact: true }).fill('first-secret')
  await page.getByLabel('Confirm password', { exact: true }).fill('other-secret')
  await reset.click()
  await shows(page, 'Passwords do not match.')

  // This number has no account: the 404 message (docs/behaviour.md, "Password reset").
  await page.getByLabel('Confirm password', { exact: true }).fill('first-secret')
  await reset.click()
  await shows(page, 'No account found with this phone number.')

  await page.getByRole('button', { name: 'Back to Login' }).click()
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
})

test('sign-up: the messages of each step', async ({ page }) => {
  const phone = freshPhone()
  const mail = freshMail()
  await page.goto('/inscription')
  await page.getByRole('button', { name: 'Send Code' }).click()
  await shows(page, 'Please select country.')
  await shows(page, 'Please fill number phone field.')

  await chooseCountry(page, 'FR')
  await page.getByLabel('Phone number', { exact: true }).fill(phone.typed)
  const phoneBefore = await otpCount('whatsapp', phone.account)
  await page.getByRole('button', { name: 'Send Code' }).click()
  const phoneCode = await nextOtp('whatsapp', phone.account, phoneBefore)
  await page.getByLabel('Code', { exact: true }).fill(wrongCode(phoneCode))
  await page.getByRole('button', { name: 'Verify Code' }).click()
  await shows(page, 'The OTP code for the phone is incorrect.')
  // The 'Log in' beside the message (the header has one too).
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toBeVisible()
  await page.getByLabel('Code', { exact: true }).fill(phoneCode)
  await page.getByRole('button', { name: 'Verify Code' }).click()

  await page.getByRole('button', { name: 'Send Code' }).click()
  await shows(page, 'Please fill email field.')
  await page.getByLabel('E-mail', { exact: true }).fill(mail)
  const mailBefore = await otpCount('email', mail)
  await page.getByRole('button', { name: 'Send Code' }).click()
  const mailCode = await nextOtp('email', mail, mailBefore)
  await page.getByLabel('Code', { exact: true }).fill(wrongCode(mailCode))
  await page.getByRole('button', { name: 'Verify Code' }).click()
  await shows(page, 'The OTP code for the email is incorrect.')

  // 'Change the email' goes back to step 3, where another address gets its own code.
  await page.getByRole('button', { name: 'Change the email' }).click()
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(mail)
  const otherMail = freshMail()
  await page.getByLabel('E-mail', { exact: true }).fill(otherMail)
  await page.getByRole('button', { name: 'Send Code' }).click()
  await page.getByLabel('Code', { exact: true }).fill(await nextOtp('email', otherMail, 0))
  await page.getByRole('button', { name: 'Verify Code' }).click()

  const signUp = page.getByRole('button', { name: 'Sign Up' })
  await signUp.click()
  await shows(page, 'Please fill first name field.')
  await shows(page, 'Please fill last name field.')
  await shows(page, 'Please fill password field.')
  await hides(page, 'Please fill comfirm password field.')
  await page.getByLabel('Password', { exact: true }).fill('a-secret')
  await signUp.click()
  await shows(page, 'Please fill comfirm password field.')
  await page.getByLabel('Confirm password', { exact: true }).fill('another')
  await signUp.click()
  await shows(page, 'Passwords do not match.')
})
