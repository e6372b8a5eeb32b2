import { expect, test, type Page } from '@playwright/test'
import { nextOtp, otpCount } from './support/otp-log'
import { chooseCountry, freshMail, freshPhone } from './support/people'

test.describe.configure({ mode: 'serial' })

const phone = freshPhone()
const mail = freshMail()
const firstPassword = 'first-Secret-1'
const newPassword = 'second-Secret-2'

const logIn = async (page: Page, password: string) => {
  await page.goto('/auth')
  await chooseCountry(page, 'FR')
  await page.getByLabel('Phone number', { exact: true }).fill(phone.typed)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

const logOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  // The session is gone on the server too: the wall is guarded again.
  await page.goto('/wall')
  await expect(page).toHaveURL(/\/landing-page$/)
}

test('sign-up in five steps opens the wall', async ({ page }) => {
  await page.goto('/inscription')
  await chooseCountry(page, 'FR')
  await page.getByLabel('Phone number', { exact: true }).fill(phone.typed)
  await page.getByRole('button', { name: 'Send Code' }).click()
  await page.getByLabel('Code', { exact: true }).fill(await nextOtp('whatsapp', phone.account, 0))
  await page.getByRole('button', { name: 'Verify Code' }).click()

  await page.getByLabel('E-mail', { exact: true }).fill(mail)
  await page.getByRole('button', { name: 'Send Code' }).click()
  await page.getByLabel('Code', { exact: true }).fill(await nextOtp('email', mail, 0))
  await page.getByRole('button', { name: 'Verify Code' }).click()

  await page.getByLabel('First name', { exact: true }).fill('Awa')
  await page.getByLabel('Last name', { exact: true }).fill('Diallo')
  await page.getByLabel('Password', { exact: true }).fill(firstPassword)
  await page.getByLabel('Confirm password', { exact: true }).fill(firstPassword)
  await page.getByRole('button', { name: 'Sign Up' }).click()

  await expect(page).toHaveURL(/\/wall$/)
  await expect(page.getByTestId('wall-user-name')).toHaveText('Awa Diallo')
  // The session survives a reload: it is the server's cookie.
  await page.reload()
  await expect(page.getByTestId('wall-user-name')).toHaveText('Awa Diallo')
  await logOut(page)
})

test('log in, wrong password, log out', async ({ page }) => {
  await logIn(page, 'not-the-password')
  await expect(page.getByText("Oops, password's incorrect. Give it another shot.")).toBeVisible()
  await expect(page).toHaveURL(/\/auth$/)

  await page.getByLabel('Password', { exact: true }).fill(firstPassword)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/wall$/)
  await expect(page.getByTestId('wall-user-name')).toHaveText('Awa Diallo')
  await logOut(page)
})

test('the same number cannot sign up twice', async ({ page }) => {
  const phoneBefore = await otpCount('whatsapp', phone.account)
  const otherMail = freshMail()
  await page.goto('/inscription')
  await chooseCountry(page, 'FR')
  await page.getByLabel('Phone number', { exact: true }).fill(phone.typed)
  await page.getByRole('button', { name: 'Send Code' }).click()
  // A verified code is used up, so this second code is not refused as too early.
  await page
    .getByLabel('Code', { exact: true })
    .fill(await nextOtp('whatsapp', phone.account, phoneBefore))
  await page.getByRole('button', { name: 'Verify Code' }).click()
  await page.getByLabel('E-mail', { exact: true }).fill(otherMail)
  await page.getByRole('button', { name: 'Send Code' }).click()
  await page.getByLabel('Code', { exact: true }).fill(await nextOtp('email', otherMail, 0))
  await page.getByRole('button', { name: 'Verify Code' }).click()
  await page.getByLabel('First name', { exact: true }).fill('Awa')
  await page.getByLabel('Last name', { exact: true }).fill('Again')
  await page.getByLabel('Password', { exact: true }).fill(firstPassword)
  await page.getByLabel('Confirm password', { exact: true }).fill(firstPassword)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page.getByText('This number is already registred, please log in.')).toBeVisible()
  // The 'Log in' beside the message (the header has one too).
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/auth$/)
})

test('reset the password, then log in with the new one only', async ({ page }) => {
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
  await page.getByLabel('New password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword)
  await page.getByRole('button', { name: 'Reset Password' }).click()

  // Back on the login form.
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
  await logIn(page, firstPassword)
  await expect(page.getByText("Oops, password's incorrect. Give it another shot.")).toBeVisible()
  await logIn(page, newPassword)
  await expect(page).toHaveURL(/\/wall$/)
  await logOut(page)
})
