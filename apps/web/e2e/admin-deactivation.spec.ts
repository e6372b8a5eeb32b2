import { messages } from '@palabre/contracts'
import { expect, test, type Page } from '@playwright/test'
import { signInAdmin } from './support/admin'
import {
  emitPosts,
  expectOnline,
  postCard,
  saveContact,
  signUpMember,
  uniqueTag,
} from './support/members'
import { chooseCountry } from './support/people'

/**
 * Deactivation from the console (docs/organisation.md, "The console"): the member's open wall
 * ends, sign-in is refused, and activation gives everything back.
 */

const password = 'Wall-secret-1'

/** Signs in from `/auth`, opened afresh unless the page is already there (`{ here: true }`). */
const logIn = async (page: Page, phone: string, { here = false } = {}) => {
  if (!here) await page.goto('/auth')
  await chooseCountry(page, 'FR')
  // The account key '336…' as a person in France types it.
  await page.getByLabel('Phone number', { exact: true }).fill(`0${phone.slice(2)}`)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

test('a deactivated member is signed out and refused; activated again, they find their wall', async ({
  browser,
}) => {
  const admin = await signInAdmin(browser)
  const member = await signUpMember(browser, `Member ${uniqueTag()}`)
  const text = `Before deactivation ${uniqueTag()}`
  await saveContact(member, admin)
  await emitPosts(member, [admin], [text])
  await member.page.reload()
  await expect(postCard(member.page, text)).toBeVisible()
  await expectOnline(member.page)

  await admin.page.goto('/admin')
  await admin.page.getByRole('searchbox', { name: 'Search by name or phone' }).fill(member.name)
  await admin.page.getByRole('button', { name: 'Search' }).click()
  const row = admin.page.getByTestId('member-row').filter({ hasText: member.name })
  await expect(row).toContainText('Active')
  await row.getByRole('button', { name: `Deactivate ${member.name}` }).click()
  await admin.page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Deactivate', exact: true })
    .click()
  await expect(admin.page.getByText(`${member.name} has been deactivated.`)).toBeVisible()
  await expect(row).toContainText('Deactivated')

  // The member's open wall ends: back to sign-in, told why, as a refusal.
  await expect(member.page).toHaveURL(/\/auth$/)
  const notices = member.page.getByText(messages.organisation.deactivated)
  await expect(notices).toHaveCount(1)
  await expect(notices).toHaveAttribute('role', 'alert')
  await expect(notices).toHaveClass(/form-alert--error/)
  expect(messages.organisation.deactivated).toBe(
    'This account has been deactivated. Contact your administrator.',
  )

  // Signing in again from that screen is refused with the same words, said once: the form's
  // own alert takes the place of the notice the wall left (docs/behaviour.md, "Sign-in").
  await logIn(member.page, member.phone, { here: true })
  await expect(member.page.getByRole('button', { name: 'Log in' })).toBeEnabled()
  await expect(member.page.getByRole('alert')).toHaveText(messages.organisation.deactivated)
  await expect(notices).toHaveCount(1)
  await expect(notices).toHaveClass(/form-alert--error/)
  await expect(member.page.getByRole('status')).toHaveCount(0)
  await expect(member.page).toHaveURL(/\/auth$/)

  await row.getByRole('button', { name: `Activate ${member.name}` }).click()
  await expect(admin.page.getByText(`${member.name} is active again.`)).toBeVisible()
  await expect(row).toContainText('Active')

  await logIn(member.page, member.phone)
  await expect(member.page).toHaveURL(/\/wall$/)
  await expect(member.page.getByTestId('wall-user-name')).toHaveText(member.name)
  await expect(postCard(member.page, text)).toBeVisible()

  // The audit trail holds both actions, newest first.
  await row.getByRole('button', { name: `History of ${member.name}` }).click()
  const entries = admin.page.getByTestId('audit-row')
  await expect(entries).toHaveCount(2)
  await expect(entries.nth(0)).toContainText('Activated')
  await expect(entries.nth(1)).toContainText('Deactivated')
  await member.context.close()
  await admin.context.close()
})
