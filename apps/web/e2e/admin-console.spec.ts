import { messages } from '@palabre/contracts'
import { expect, test, type Page } from '@playwright/test'
import { createAccount } from './support/accounts'
import { reopenSignUp, signInAdmin } from './support/admin'
import { signUpMember, uniqueTag } from './support/members'
import { nextInvite, nextOtp } from './support/otp-log'
import { chooseCountry, freshMail, freshPhone } from './support/people'
import { expectNoSeriousViolations } from './support/screens'

/**
 * The administrators' console (docs/organisation.md, "The console"), against the real server:
 * its administrator is the ADMIN_PHONES phone of playwright.config.ts.
 */

// Whatever a test did to the settings, the space is open again for the other specs, which sign
// people up on the same server.
test.afterEach(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL ?? '',
  })
  try {
    await reopenSignUp(request)
  } finally {
    await request.dispose()
  }
})

const digits = (text: string) => text.replace(/\D/g, '')

/** The row of a list (table row or card) that names `text`. */
const rowOf = (page: Page, testId: string, text: string) =>
  page.getByTestId(testId).filter({ hasText: text })

test('an administrator invites a phone; the invitee signs up from the link and reaches the wall', async ({
  browser,
  baseURL,
}) => {
  const admin = await signInAdmin(browser)
  // The wall offers an administrator the console.
  await admin.page.goto('/wall')
  await expect(admin.page.getByTestId('wall-user-name')).toHaveText(admin.name)
  await admin.page.getByRole('link', { name: 'Administration' }).click()
  await expect(admin.page).toHaveURL(/\/admin$/)
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible()
  await admin.page
    .getByRole('navigation', { name: 'Sections of the console' })
    .getByRole('link', { name: 'Invitations' })
    .click()
  await expect(admin.page).toHaveURL(/\/admin\?tab=invitations$/)

  const invitee = freshPhone()
  const name = `Invitee ${uniqueTag()}`
  // The administrator's phone is French: France is the country already chosen.
  await expect(admin.page.getByLabel('Country', { exact: true })).toHaveValue('FR')
  await admin.page.getByLabel('Phone number', { exact: true }).fill(invitee.typed)
  await admin.page.getByLabel('Name (optional)', { exact: true }).fill(name)
  await admin.page.getByRole('button', { name: 'Invite' }).click()
  await expect(admin.page.getByTestId('invite-result')).toContainText(
    'Invited: the WhatsApp message with the sign-up link went out.',
  )
  await expect(rowOf(admin.page, 'invitation-row', name)).toBeVisible()

  const link = await nextInvite(invitee.account, 0)
  expect(link).toBe(`${baseURL}/inscription?phone=${invitee.account}`)

  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(link)
  // The link fills the phone step in: France and the number.
  const phoneField = page.getByLabel('Phone number', { exact: true })
  await expect
    .poll(async () => digits(await phoneField.inputValue()), { timeout: 120_000 })
    .toMatch(new RegExp(`${invitee.account.slice(2)}$`))
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('FR')
  await page.getByRole('button', { name: 'Send Code' }).click()
  await page.getByLabel('Code', { exact: true }).fill(await nextOtp('whatsapp', invitee.account, 0))
  await page.getByRole('button', { name: 'Verify Code' }).click()
  const mail = freshMail()
  await page.getByLabel('E-mail', { exact: true }).fill(mail)
  await page.getByRole('button', { name: 'Send Code' }).click()
  await page.getByLabel('Code', { exact: true }).fill(await nextOtp('email', mail, 0))
  await page.getByRole('button', { name: 'Verify Code' }).click()
  await page.getByLabel('First name', { exact: true }).fill('Invitee')
  await page.getByLabel('Last name', { exact: true }).fill(name.slice('Invitee '.length))
  await page.getByLabel('Password', { exact: true }).fill('Invited-secret-1')
  await page.getByLabel('Confirm password', { exact: true }).fill('Invited-secret-1')
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page).toHaveURL(/\/wall$/)
  await expect(page.getByTestId('wall-user-name')).toHaveText(name)

  // The sign-up spent the invitation, and made a member.
  await admin.page.reload()
  await expect(admin.page.getByRole('heading', { level: 2, name: 'Invitations' })).toBeVisible()
  await expect(rowOf(admin.page, 'invitation-row', name)).toHaveCount(0)
  await admin.page.getByRole('link', { name: 'Members' }).click()
  await admin.page.getByRole('searchbox', { name: 'Search by name or phone' }).fill(name)
  await admin.page.getByRole('button', { name: 'Search' }).click()
  await expect(rowOf(admin.page, 'member-row', name)).toContainText('+33 6')
  await expect(rowOf(admin.page, 'member-row', name)).toContainText('Member')
  await context.close()
  await admin.context.close()
})

test("a closed space refuses an uninvited visitor's sign-up", async ({ browser }) => {
  const admin = await signInAdmin(browser)
  await admin.page.goto('/admin?tab=settings')
  await admin.page.getByRole('radio', { name: 'Invited people only (closed)' }).check()
  await admin.page.getByRole('button', { name: 'Save' }).click()
  await expect(admin.page.getByText('The settings are saved.')).toBeVisible()
  await expect(admin.page.getByTestId('settings-origin')).toContainText('Saved on')

  const visitor = await browser.newContext()
  const page = await visitor.newPage()
  await page.goto('/inscription')
  await chooseCountry(page, 'FR')
  await page.getByLabel('Phone number', { exact: true }).fill(freshPhone().typed)
  await page.getByRole('button', { name: 'Send Code' }).click()
  await expect(page.getByText(messages.organisation.notInvited)).toBeVisible()
  expect(messages.organisation.notInvited).toBe(
    'This space is for invited members only. Ask your administrator for an invitation.',
  )
  await visitor.close()
  await admin.context.close()
})

test('a member who opens /admin gets the 404 page', async ({ browser }) => {
  const member = await signUpMember(browser, `Plain ${uniqueTag()}`)
  await member.page.goto('/admin')
  await expect(member.page.getByRole('heading', { name: 'Error 404' })).toBeVisible()
  await expect(member.page).toHaveURL(/\/not-found$/)
  await member.context.close()
})

test('the console in French at phone width has no serious accessibility violation, and no sideways scroll', async ({
  browser,
  request,
}, testInfo) => {
  const someone = await createAccount(request, `Axe ${uniqueTag()}`)
  const admin = await signInAdmin(browser, { viewport: { width: 390, height: 844 } })
  const page = admin.page
  await page.goto('/admin')
  await page.getByRole('button', { name: 'FR' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Retour au mur' })).toBeVisible()
  const fitsTheScreen = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

  // The members, as cards, one of them asked about.
  await page.getByRole('searchbox', { name: 'Rechercher par nom ou téléphone' }).fill(someone.name)
  await page.getByRole('button', { name: 'Rechercher' }).click()
  await expect(page.getByRole('list', { name: 'Les membres' }).getByRole('listitem')).toHaveCount(1)
  expect(await fitsTheScreen()).toBe(true)
  await expectNoSeriousViolations(page, testInfo, 'console, members (fr, phone)')
  await page.getByRole('button', { name: `Désactiver ${someone.name}` }).click()
  const question = page.getByRole('alertdialog')
  await expect(question).toContainText(`Désactiver ${someone.name} ?`)
  await expectNoSeriousViolations(page, testInfo, 'console, deactivation question (fr, phone)')
  await question.getByRole('button', { name: 'Annuler' }).click()
  await expect(question).toBeHidden()

  const sections = page.getByRole('navigation', { name: 'Rubriques de la console' })
  await sections.getByRole('link', { name: 'Invitations' }).click()
  await expect(page.getByRole('heading', { level: 3, name: 'Inviter des personnes' })).toBeVisible()
  await page.getByRole('radio', { name: 'Une liste' }).check()
  await page.getByLabel('Numéros, un par ligne').fill(`${freshPhone().typed} Jeanne\n12`)
  await page.getByRole('button', { name: 'Inviter' }).click()
  await expect(page.getByTestId('invite-result')).toHaveCount(2)
  await expect(page.getByTestId('invite-result').nth(1)).toContainText(
    "Ce n'est pas un numéro d'un pays accepté.",
  )
  expect(await fitsTheScreen()).toBe(true)
  await expectNoSeriousViolations(page, testInfo, 'console, invitations (fr, phone)')

  await sections.getByRole('link', { name: "Réglages d'inscription" }).click()
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeVisible()
  expect(await fitsTheScreen()).toBe(true)
  await expectNoSeriousViolations(page, testInfo, 'console, settings (fr, phone)')

  await sections.getByRole('link', { name: "Exporter l'organisation" }).click()
  await expect(page.getByRole('link', { name: "Télécharger l'export" })).toBeVisible()
  expect(await fitsTheScreen()).toBe(true)
  await expectNoSeriousViolations(page, testInfo, 'console, export (fr, phone)')

  await sections.getByRole('link', { name: "Journal d'audit" }).click()
  await expect(page.getByTestId('audit-row').first()).toBeVisible()
  expect(await fitsTheScreen()).toBe(true)
  await expectNoSeriousViolations(page, testInfo, 'console, audit trail (fr, phone)')
  await admin.context.close()
})
