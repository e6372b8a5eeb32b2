import type { Locator, Page } from '@playwright/test'
import { languageStorageKey } from '../src/i18n/language-setting'
import { signInAdmin } from './support/admin'
import { announceWith } from './support/announcements'
import { disposeAll, saveContacts, signUpMany } from './support/crowd'
import { expectOnline, uniqueTag } from './support/members'
import { attachScreenshot, expectNoSeriousViolations } from './support/screens'
import { seedFolder } from './support/seed'
import { desktopViewport, expect, phoneViewport, test } from './support/wall-test'

/**
 * The confirmations of an announcement to 200 people (docs/wall.md, "Report panels"): its author
 * opens the panel from the discussion's header; the people who have not confirmed come first,
 * every row whole (the last pending one's phone inside the panel), and the search narrows them.
 */

type Report = {
  total: number
  confirmed: { phone: string; name: string; at: string }[]
  pending: { phone: string; name: string }[]
}

const recipients = 200
const confirming = 60
/** Every 40th recipient has a name with accents, to search for without them. */
const helenes = Array.from({ length: recipients }, (_, i) => i).filter((i) => i % 40 === 7)

/** The administrator's wall in French, before it loads (docs/languages.md). */
const inFrench = async (page: Page) =>
  page.addInitScript(([key]) => localStorage.setItem(key ?? '', 'fr'), [languageStorageKey])

/** Scrolls the panel's rows half a screen at a time until the row of `phone` is drawn. */
const scrollToRow = async (scroller: Locator, row: Locator) => {
  for (let step = 0; step < recipients * 2 && (await row.count()) === 0; step += 1)
    await scroller.evaluate((el) => el.scrollBy(0, el.clientHeight / 2))
  await expect(row).toHaveCount(1)
  await row.scrollIntoViewIfNeeded()
}

/** The box of `inner` lies inside that of `outer`, whole. */
const expectInside = async (inner: Locator, outer: Locator) => {
  const a = await inner.boundingBox()
  const b = await outer.boundingBox()
  if (a === null || b === null) throw new Error('not laid out')
  expect(a.width).toBeGreaterThan(0)
  expect(a.x).toBeGreaterThanOrEqual(b.x)
  expect(a.y).toBeGreaterThanOrEqual(b.y)
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 0.5)
  expect(a.y + a.height).toBeLessThanOrEqual(b.y + b.height + 0.5)
}

/** The last pending person's row, scrolled to, holds their phone whole, inside the panel. */
const expectLastPendingWhole = async (panel: Locator, report: Report) => {
  const last = report.pending.at(-1)
  if (last === undefined) throw new Error('nobody pending')
  const scroller = panel.getByTestId('report-panel-scroll')
  const row = panel.locator(`[data-testid="pending-row"][data-phone="${last.phone}"]`)
  await scrollToRow(scroller, row)
  const phone = row.getByText(`+${last.phone}`, { exact: true })
  await expect(phone).toBeVisible()
  await expectInside(phone, scroller)
  await expectInside(scroller, panel)
  // Not cut by an ellipsis either: the whole number is drawn.
  expect(await phone.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
}

test('an announcement to 200 people: the panel lists the pending first, whole, and searches', async ({
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  const tag = uniqueTag()
  const names = Array.from({ length: recipients }, (_, i) =>
    helenes.includes(i)
      ? `Hélène Dupré ${tag} ${String(i).padStart(3, '0')}`
      : `Personne ${tag} ${String(i).padStart(3, '0')}`,
  )
  const people = await signUpMany(playwright, baseURL ?? '', names)
  const admin = await signInAdmin(browser, { viewport: desktopViewport })
  const phoneAdmin = await signInAdmin(browser, { viewport: phoneViewport })
  try {
    await inFrench(admin.page)
    await inFrench(phoneAdmin.page)
    await admin.page.goto('/wall')
    await expectOnline(admin.page)

    // The 200 in a folder of the administrator's, which the announcement goes to.
    await saveContacts(admin, people)
    const folder = await seedFolder(admin, `Tous ${tag}`, people)
    const id = await announceWith(admin.context.request, `Annonce ${tag} : lisez-la.`, [folder])
    for (const person of people.slice(0, confirming)) {
      const answer = await person.request.post(`/api/announcements/${id}/confirm`)
      expect(answer.ok()).toBe(true)
    }
    const answer = await admin.context.request.get(`/api/admin/announcements/${id}`)
    const report = (await answer.json()) as Report
    expect(report.total).toBe(recipients)
    expect(report.confirmed).toHaveLength(confirming)
    expect(report.pending).toHaveLength(recipients - confirming)

    // The discussion's header: the counts and the button, the thread keeping its room.
    await admin.page.goto(`/wall/discussion/${id}`)
    await expectOnline(admin.page)
    const header = admin.page.getByRole('region', { name: 'Confirmations' })
    await expect(header.getByTestId('announcement-report-counts')).toHaveText(
      `${confirming} sur ${recipients} ont confirmé`,
    )
    const opener = header.getByRole('button', { name: 'Voir qui a confirmé' })
    await opener.click()
    const panel = admin.page.getByRole('dialog', { name: 'Confirmations' })
    await expect(panel).toBeVisible()

    // The pending first, in the server's order (by name), under their heading.
    const items = panel.getByRole('listitem')
    await expect(items.first()).toHaveText(`N'ont pas encore confirmé (${recipients - confirming})`)
    const firstPending = report.pending.slice(0, 5).map((p) => p.phone)
    const drawn = panel.getByTestId('pending-row')
    await expect
      .poll(async () =>
        (await drawn.evaluateAll((rows) => rows.map((r) => r.dataset.phone))).slice(0, 5),
      )
      .toEqual(firstPending)
    // Only a window of the 200 is drawn.
    expect(await panel.getByRole('listitem').count()).toBeLessThan(60)

    await expectLastPendingWhole(panel, report)
    await expectNoSeriousViolations(admin.page, testInfo, 'the panel of confirmations')
    await attachScreenshot(admin.page, testInfo, 'confirmations-200-desktop-fr')

    // The search, accents and case aside: the Hélène Duprés alone, then one by phone.
    const search = panel.getByRole('searchbox', { name: 'Rechercher par nom ou téléphone' })
    await search.fill('HELENE dupre')
    await expect(panel.getByRole('status')).toHaveText(`${helenes.length} personnes listées`)
    const found = panel.locator('[data-testid$="-row"]')
    await expect(found).toHaveCount(helenes.length)
    for (const i of helenes) await expect(found.filter({ hasText: names[i] ?? '' })).toHaveCount(1)
    const someone = people[150]
    if (someone === undefined) throw new Error('no one')
    await search.fill(someone.typed)
    await expect(found).toHaveCount(1)
    await expect(found).toHaveAttribute('data-phone', someone.phone)
    await expect(found).toHaveAttribute('data-testid', 'pending-row')

    // Escape closes it, and the focus is back on the button.
    await admin.page.keyboard.press('Escape')
    await expect(panel).toHaveCount(0)
    await expect(opener).toBeFocused()

    // At phone width the panel is the whole screen.
    await phoneAdmin.page.goto(`/wall/discussion/${id}`)
    await phoneAdmin.page.getByRole('button', { name: 'Voir qui a confirmé' }).click()
    const phonePanel = phoneAdmin.page.getByRole('dialog', { name: 'Confirmations' })
    await expect(phonePanel).toBeVisible()
    const box = await phonePanel.boundingBox()
    expect(box).toEqual({ x: 0, y: 0, width: phoneViewport.width, height: phoneViewport.height })
    await expectLastPendingWhole(phonePanel, report)
    await expectNoSeriousViolations(phoneAdmin.page, testInfo, 'the panel of confirmations, phone')
    await attachScreenshot(phoneAdmin.page, testInfo, 'confirmations-200-phone-fr')
  } finally {
    // The 200 leave the space, so the other specs' announcements to everyone do not reach them.
    for (const person of people)
      await admin.context.request.post(`/api/admin/members/${person.phone}/deactivate`)
    await disposeAll(people)
    await admin.context.close()
    await phoneAdmin.context.close()
  }
})
