import { expect, test } from '@playwright/test'
import { nextOtp } from './support/otp-log'
import { freshMail, freshPhone } from './support/people'

// An invitation's link, `/inscription?phone=<key>`, opens the sign-up with the phone filled in
// (docs/organisation.md, "Invitations"; docs/behaviour.md, "Sign-up").

test('the link fills the phone step, and the sign-up goes on from it to the wall', async ({
  page,
}) => {
  const phone = freshPhone()
  const mail = freshMail()
  const password = 'Invited-secret-1'
  await page.goto(`/inscription?phone=${phone.account}`)

  // The country and the number as France writes it, once the phone metadata is in.
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('FR')
  const national = `0${phone.account.slice(2)}`.replace(
    /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/,
    '$1 $2 $3 $4 $5',
  )
  await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue(national)

  await page.getByRole('button', { name: 'Send Code' }).click()
  await expect(page.getByText('Step 2 of 5')).toBeVisible()
  await page.getByLabel('Code', { exact: true }).fill(await nextOtp('whatsapp', phone.account, 0))
  await page.getByRole('button', { name: 'Verify Code' }).click()

  await page.getByLabel('E-mail', { exact: true }).fill(mail)
  await page.getByRole('button', { name: 'Send Code' }).click()
  await page.getByLabel('Code', { exact: true }).fill(await nextOtp('email', mail, 0))
  await page.getByRole('button', { name: 'Verify Code' }).click()

  await page.getByLabel('First name', { exact: true }).fill('Invited')
  await page.getByLabel('Last name', { exact: true }).fill('Person')
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign Up' }).click()

  await expect(page).toHaveURL(/\/wall$/)
  await expect(page.getByTestId('wall-user-name')).toHaveText('Invited Person')
})

test('a link whose phone cannot be read opens an empty sign-up', async ({ page }) => {
  await page.goto('/inscription?phone=12ab')
  const country = page.getByLabel('Country', { exact: true })
  // The country list is the runtime's: once it is there, the link was read, and ignored.
  await expect(country.locator('option[value="FR"]')).toHaveCount(1)
  await page.getByRole('button', { name: 'Send Code' }).click()
  await expect(page.getByText('Please select country.')).toBeVisible()
  await expect(country).toHaveValue('')
  await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue('')
})
