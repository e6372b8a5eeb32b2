import { messages } from '@palabre/contracts'
import { expect, test, type Page } from '@playwright/test'
import { chooseCountry } from './support/people'
import { expectOnline, signUpMember, uniqueTag } from './support/members'

// A password change while signed in (docs/behaviour.md, "Password change"): the person's other
// sessions end, live, and the new password is the one that signs in.

const firstPassword = 'Wall-secret-1'
const newPassword = 'Changed-secret-2'

/** Signs in from `/auth` with the account key '336…' as a person in France types it. */
const logIn = async (page: Page, phone: string, password: string) => {
  await page.goto('/auth')
  await chooseCountry(page, 'FR')
  await page.getByLabel('Phone number', { exact: true }).fill(`0${phone.slice(2)}`)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

test('a password changed on one browser signs the other out; the new one signs in', async ({
  browser,
}) => {
  const member = await signUpMember(browser, `Pat ${uniqueTag()}`)
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await logIn(otherPage, member.phone, firstPassword)
  await expect(otherPage).toHaveURL(/\/wall$/)
  await expectOnline(otherPage)

  const page = member.page
  // From the menu's 'Profile' (docs/behaviour.md, "Password change").
  await page.getByRole('button', { name: 'Profile' }).click()
  await page
    .getByRole('dialog', { name: 'Profile' })
    .getByRole('button', { name: 'Change password' })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Change password' })
  await dialog.getByLabel('Current password', { exact: true }).fill(firstPassword)
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword)
  await dialog.getByLabel('Confirm the new password', { exact: true }).fill(newPassword)
  await dialog.getByRole('button', { name: 'Change password' }).click()
  await expect(dialog.getByRole('status')).toHaveText(messages.passwordChange.changed)

  // The other browser's session ended: its wall sends it to sign in.
  await expect(otherPage).toHaveURL(/\/auth$/)
  // The browser that changed it stays signed in.
  await page.reload()
  await expect(page.getByTestId('wall-user-name')).toHaveText(member.name)

  await logIn(otherPage, member.phone, firstPassword)
  await expect(
    otherPage.getByText("Oops, password's incorrect. Give it another shot."),
  ).toBeVisible()
  await logIn(otherPage, member.phone, newPassword)
  await expect(otherPage).toHaveURL(/\/wall$/)
  await expect(otherPage.getByTestId('wall-user-name')).toHaveText(member.name)
  await other.close()
  await member.context.close()
})
