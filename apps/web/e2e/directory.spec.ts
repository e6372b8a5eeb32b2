import { signInAdmin } from './support/admin'
import { expectOnline, postCard, uniqueTag } from './support/members'
import { attachScreenshot } from './support/screens'
import { desktopViewport, expect, phoneViewport, test } from './support/wall-test'

/**
 * The organisation's directory (docs/wall.md, "Directory"): a newcomer finds a colleague by
 * their team, opens their card and posts to them without typing a number; the colleague gets
 * the post, and is in the newcomer's contacts under their own name. At the desktop's width in
 * English and at a phone's in French.
 */

const variants = [
  {
    name: 'desktop-en',
    viewport: desktopViewport,
    lang: 'en',
    directory: 'Directory',
    search: /Search by name/,
    postTo: (name: string) => `Post to ${name}`,
    newMessage: 'New Message',
    message: 'Message',
    send: 'Send',
    filters: 'Folders and contacts',
  },
  {
    name: 'phone-fr',
    viewport: phoneViewport,
    lang: 'fr',
    directory: 'Annuaire',
    search: /Rechercher par nom/,
    postTo: (name: string) => `Écrire à ${name}`,
    newMessage: 'Nouveau message',
    message: 'Message',
    send: 'Envoyer',
    filters: 'Dossiers et contacts',
  },
] as const

for (const v of variants) {
  test(`${v.name}: a newcomer finds a colleague by team and posts to them`, async ({
    browser,
    signUp,
  }, testInfo) => {
    const tag = uniqueTag()
    const team = `Night ${tag}`
    const bruno = await signUp(`Bruno D${tag}`)
    const admin = await signInAdmin(browser)
    const set = await admin.context.request.patch(`/api/admin/members/${bruno.phone}`, {
      data: { title: 'Nurse', team, site: 'Lyon' },
    })
    expect(set.status()).toBe(200)
    await admin.context.close()

    const chloe = await signUp(`Chloé D${tag}`, { viewport: v.viewport })
    const page = chloe.page
    const phone = v.viewport.width <= 430
    const openPanel = (name: string) => page.getByRole('button', { name }).click()
    // The panel opens in English, the language the browser starts in.
    if (phone) await openPanel(variants[0].filters)
    if (v.lang === 'fr')
      await page
        .getByRole('group', { name: 'Language' })
        .getByRole('button', { name: 'FR' })
        .click()
    // The 'No contact yet' of issue 36: nobody is in the contacts before the directory.
    await expect(page.getByTestId('contact-item')).toHaveCount(0)

    await page.getByRole('button', { name: v.directory, exact: true }).click()
    const directory = page.getByRole('dialog', { name: v.directory })
    await directory.getByRole('searchbox', { name: v.search }).fill(team)
    const row = directory.getByRole('button', { name: new RegExp(bruno.name) })
    await expect(row).toContainText(`Nurse · ${team} · Lyon`)
    await expect(directory.getByRole('list').getByRole('button')).toHaveCount(1)
    await attachScreenshot(page, testInfo, `directory-${v.name}`)

    await row.click()
    const card = page.getByRole('dialog', { name: bruno.name })
    await expect(card.getByTestId('person-phone')).toHaveText(/^\+33 /)
    await expect(card.getByText(team)).toBeVisible()
    await attachScreenshot(page, testInfo, `directory-card-${v.name}`)

    await card.getByRole('button', { name: v.postTo(bruno.name) }).click()
    const composer = page.getByRole('dialog', { name: v.newMessage })
    await expect(composer.getByRole('checkbox', { name: new RegExp(bruno.name) })).toBeChecked()
    await expect(directory).toBeHidden()
    const text = `Hello from the directory ${tag}`
    await composer.getByRole('textbox', { name: v.message }).fill(text)
    await composer.getByRole('button', { name: v.send }).click()
    await expect(composer).toBeHidden()

    await expectOnline(bruno.page)
    await expect(postCard(bruno.page, text)).toBeVisible()
    // Bruno is now in Chloé's contacts, under the name he gave himself.
    if (phone) await openPanel(v.filters)
    await expect(page.getByTestId('contact-item')).toHaveCount(1)
    await expect(page.getByTestId('contact-item')).toContainText(bruno.name)
  })
}
