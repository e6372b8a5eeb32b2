import { adminAccount, signInAdmin } from './support/admin'
import { expectOnline, saveContact, uniqueTag } from './support/members'
import { attachScreenshot } from './support/screens'
import { seedFolder } from './support/seed'
import { desktopViewport, expect, phoneViewport, test } from './support/wall-test'

/**
 * What a partner sees of the space (docs/organisation.md, "The directory"): the administrators
 * and the people they share a folder with, nobody else; and a contact they save shows as
 * registered only when they may see that person, so saving numbers tells them nothing about
 * who works there. At the desktop's width in English and at a phone's in French.
 */

const variants = [
  {
    name: 'desktop-en',
    viewport: desktopViewport,
    lang: 'en',
    directory: 'Directory',
    search: /Search by name/,
    nobody: (word: string) => `Nobody matches "${word}".`,
    filters: 'Folders and contacts',
  },
  {
    name: 'phone-fr',
    viewport: phoneViewport,
    lang: 'fr',
    directory: 'Annuaire',
    search: /Rechercher par nom/,
    nobody: (word: string) => `Personne ne correspond à « ${word} ».`,
    filters: 'Dossiers et contacts',
  },
] as const

for (const v of variants) {
  test(`${v.name}: a partner sees the administrators and their folder mate, nobody else`, async ({
    browser,
    signUp,
  }, testInfo) => {
    const tag = uniqueTag()
    const fiona = await signUp(`Fiona P${tag}`)
    const sam = await signUp(`Sam P${tag}`)
    const paul = await signUp(`Paul P${tag}`, { viewport: v.viewport })
    const admin = await signInAdmin(browser)
    const made = await admin.context.request.patch(`/api/admin/members/${paul.phone}`, {
      data: { kind: 'partner' },
    })
    expect(made.status()).toBe(200)
    await admin.context.close()
    // Fiona shares a folder with Paul; Sam shares nothing with him.
    await saveContact(fiona, paul)
    await seedFolder(fiona, `Site ${tag}`, [paul])
    // Paul saves both numbers: only the one he may see shows as registered.
    await saveContact(paul, fiona)
    await saveContact(paul, sam)

    const page = paul.page
    const phone = v.viewport.width <= 430
    await page.reload()
    await expectOnline(page)
    if (phone) await page.getByRole('button', { name: variants[0].filters }).click()
    if (v.lang === 'fr')
      await page
        .getByRole('group', { name: 'Language' })
        .getByRole('button', { name: 'FR' })
        .click()
    const contact = (name: string) => page.getByTestId('contact-item').filter({ hasText: name })
    await expect(contact(fiona.name)).toBeVisible()
    await expect(contact(fiona.name)).not.toContainText('non inscris')
    await expect(contact(sam.name)).toContainText('non inscris')

    await page.getByRole('button', { name: v.directory, exact: true }).click()
    const directory = page.getByRole('dialog', { name: v.directory })
    const search = directory.getByRole('searchbox', { name: v.search })
    const rows = directory.getByRole('list').getByRole('button')
    // Among the three people of this test, the folder mate and himself only.
    await search.fill(`P${tag}`)
    await expect(rows).toHaveCount(2)
    await expect(rows.filter({ hasText: fiona.name })).toHaveCount(1)
    await expect(rows.filter({ hasText: paul.name })).toHaveCount(1)
    await attachScreenshot(page, testInfo, `directory-partner-${v.name}`)
    await search.fill(sam.name)
    await expect(directory.getByText(v.nobody(sam.name))).toBeVisible()
    await search.fill(adminAccount.name)
    await expect(rows.filter({ hasText: adminAccount.name })).toHaveCount(1)
  })
}
