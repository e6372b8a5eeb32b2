import { expect, test } from '@playwright/test'
import { signInAdmin } from './support/admin'
import { signUpMember, uniqueTag } from './support/members'
import { attachScreenshot } from './support/screens'

/**
 * Profiles (docs/organisation.md, "Profiles"): a person changes their own name and title from the
 * wall's menu; an administrator sets their team and kind in the console; each sees the other's
 * change.
 */
test('a person edits their name and title; an administrator sets their team and kind', async ({
  browser,
}, testInfo) => {
  const member = await signUpMember(browser, `Profile ${uniqueTag()}`)
  const page = member.page
  const renamed = `${member.name} Renamed`

  await page.getByRole('button', { name: 'Profile', exact: true }).click()
  const panel = page.getByRole('dialog', { name: 'Profile' })
  await panel.getByLabel('Name').fill(renamed)
  await panel.getByLabel('Title').fill('Head buyer')
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel.getByText('Your profile is saved.')).toBeVisible()
  await attachScreenshot(page, testInfo, 'profile-panel')
  // The wall shows the new name at once.
  await expect(page.getByTestId('wall-user-name')).toHaveText(renamed)

  const admin = await signInAdmin(browser)
  await admin.page.goto('/admin')
  await admin.page.getByRole('searchbox', { name: 'Search by name or phone' }).fill(renamed)
  await admin.page.getByRole('button', { name: 'Search' }).click()
  const row = admin.page.getByTestId('member-row').filter({ hasText: renamed })
  await expect(row).toContainText('Head buyer')
  await expect(row).toContainText('Employee')
  await row.getByRole('button', { name: `Edit ${renamed}` }).click()
  const dialog = admin.page.getByRole('dialog', { name: `Edit ${renamed}` })
  await dialog.getByLabel('Team').fill('Operations')
  await dialog.getByLabel('Kind').selectOption('partner')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(admin.page.getByText(`${renamed} is saved.`)).toBeVisible()
  await expect(row).toContainText('Head buyer · Operations')
  await expect(row).toContainText('Partner')
  await attachScreenshot(admin.page, testInfo, 'admin-member-edited')

  // The person reads what the administrator set in their own panel.
  await page.reload()
  await page.getByRole('button', { name: 'Profile', exact: true }).click()
  const reopened = page.getByRole('dialog', { name: 'Profile' })
  await expect(reopened.getByLabel('Title')).toHaveValue('Head buyer')
  await expect(reopened.getByText('Operations')).toBeVisible()
  await expect(reopened.getByText('Partner')).toBeVisible()
  await attachScreenshot(page, testInfo, 'profile-panel-partner')

  await admin.context.close()
  await member.context.close()
})
