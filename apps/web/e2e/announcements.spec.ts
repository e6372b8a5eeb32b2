import { adminAccount, signInAdmin } from './support/admin'
import {
  announceWith,
  findInReport,
  pinnedCard,
  pinnedRegion,
  reportCounts,
  reportRow,
} from './support/announcements'
import { expectOnline, postCard, uniqueTag } from './support/members'
import { attachScreenshot, expectNoSeriousViolations } from './support/screens'
import { expect, phoneViewport, test } from './support/wall-test'

/**
 * Announcements people confirm (docs/announcements.md, "On the web"): the administrator
 * announces from the console; the members' open walls pin it live; one confirms and it unpins
 * for them alone; the administrator's table in its discussion counts it live.
 */

test('announced from the console: pinned live on two walls, confirmed by one, counted live', async ({
  browser,
  signUp,
}, testInfo) => {
  const tag = uniqueTag()
  const reader = await signUp(`Reader ${tag}`)
  const other = await signUp(`Other ${tag}`)
  const admin = await signInAdmin(browser)
  const text = `Announcement ${tag}: the office closes at noon on Friday.`

  // The console: the text, to everyone (the default), Send.
  await admin.page.goto('/admin?tab=announcements')
  await admin.page.getByRole('textbox', { name: 'Text' }).fill(text)
  await expect(admin.page.getByRole('radio', { name: 'To everyone' })).toBeChecked()
  await admin.page.getByRole('button', { name: 'Send' }).click()
  await expect(admin.page.getByTestId('announcement-sent')).toHaveText(
    /^Announced to \d+ people\.$/,
  )
  await expectNoSeriousViolations(admin.page, testInfo, 'console: announcements')

  // Both open walls pin it, without a reload.
  for (const member of [reader, other]) {
    const card = pinnedCard(member.page, text)
    await expect(card).toBeVisible()
    await expect(card.getByText('Announcement', { exact: true })).toBeVisible()
    await expect(card.getByText(adminAccount.name)).toBeVisible()
    await expect(card.getByRole('button', { name: 'I have read it' })).toBeVisible()
    // Not a second time among the posts.
    await expect(postCard(member.page, text)).toHaveCount(1)
  }
  await expectNoSeriousViolations(reader.page, testInfo, 'wall: a pinned announcement')
  await attachScreenshot(reader.page, testInfo, 'wall: a pinned announcement')

  // The administrator's table, in the announcement's discussion on the wall.
  await admin.page.getByRole('link', { name: 'Open its discussion on the wall' }).click()
  await expect(admin.page).toHaveURL(/\/wall\/discussion\/announcement-/)
  await expectOnline(admin.page)
  const report = admin.page.getByRole('region', { name: 'Confirmations' })
  await expect(report).toBeVisible()
  const before = await reportCounts(admin.page)
  await expectNoSeriousViolations(admin.page, testInfo, "discussion: the author's table")
  await attachScreenshot(admin.page, testInfo, "discussion: the author's table")
  await expect(report.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    /\/api\/admin\/announcements\/announcement-[^/]+\/confirmations\.csv$/,
  )

  // Who did is in the panel behind 'See who confirmed', searched by phone: the run's other
  // members may be many (docs/wall.md, "Report panels").
  const opener = report.getByRole('button', { name: 'See who confirmed' })
  await opener.click()
  await findInReport(admin.page, reader.phone)
  await expect(reportRow(admin.page, 'pending', reader.phone)).toContainText(reader.name)
  await expect(reportRow(admin.page, 'confirmed', reader.phone)).toHaveCount(0)
  await findInReport(admin.page, other.phone)
  await expect(reportRow(admin.page, 'pending', other.phone)).toContainText(other.name)
  await findInReport(admin.page, reader.phone)

  // One member confirms: it unpins for them and stays among their posts, read.
  await pinnedCard(reader.page, text).getByRole('button', { name: 'I have read it' }).click()
  await expect(pinnedCard(reader.page, text)).toHaveCount(0)
  const read = postCard(reader.page, text)
  await expect(read).toHaveCount(1)
  await expect(read.getByText(/^Read on /)).toBeVisible()

  // The administrator's table counts it live: one more confirmed, that member's row moved.
  await expect(admin.page.getByTestId('announcement-report-counts')).toHaveText(
    `${before.confirmed + 1} of ${before.total} confirmed`,
  )
  await expect(reportRow(admin.page, 'confirmed', reader.phone)).toContainText(reader.name)
  await expect(reportRow(admin.page, 'pending', reader.phone)).toHaveCount(0)
  await findInReport(admin.page, other.phone)
  await expect(reportRow(admin.page, 'pending', other.phone)).toContainText(other.name)
  await admin.page.keyboard.press('Escape')
  await expect(opener).toBeFocused()

  // The other member still has it pinned: the server took the confirmation (the table moved),
  // and it was the reader's alone.
  await expect(pinnedCard(other.page, text)).toBeVisible()
  await other.page.reload()
  await expectOnline(other.page)
  await expect(pinnedCard(other.page, text)).toBeVisible()

  // The reminder reaches those who have not confirmed.
  await report.getByRole('button', { name: 'Remind those who have not confirmed' }).click()
  await expect(report.getByRole('status')).toHaveText(/^Reminded \d+ (person|people)$/)
  await expect(
    other.page.getByText(`${adminAccount.name} reminds you to read an announcement`),
  ).toBeVisible()
  await admin.context.close()
})

test("confirming is reading: no longer new nor counted in the title, in the person's other tab too", async ({
  browser,
  signUp,
}) => {
  const tag = uniqueTag()
  const member = await signUp(`Two tabs ${tag}`)
  const otherTab = await member.context.newPage()
  await otherTab.goto('/wall')
  await expectOnline(otherTab)
  const admin = await signInAdmin(browser)
  const text = `Announcement ${tag}: the car park is closed on Monday.`

  await announceWith(admin.context.request, text)

  // Both tabs pin it, new, and count it in their title.
  for (const page of [member.page, otherTab]) {
    await expect(pinnedCard(page, text)).toHaveAttribute('data-new', 'true')
    await expect(page).toHaveTitle('(1) Palabre')
  }

  await pinnedCard(member.page, text).getByRole('button', { name: 'I have read it' }).click()

  // Read in the tab that confirmed it, and live in the other: among the posts, not bold, not
  // counted, without a reload.
  for (const page of [member.page, otherTab]) {
    await expect(pinnedCard(page, text)).toHaveCount(0)
    const read = postCard(page, text)
    await expect(read.getByText(/^Read on /)).toBeVisible()
    await expect(read).toHaveAttribute('data-new', 'false')
    await expect(read).toHaveAttribute('data-emphasized', 'false')
    await expect(page).toHaveTitle('Palabre')
  }
  // The server holds it read: a reload reads the same.
  await otherTab.reload()
  await expectOnline(otherTab)
  await expect(postCard(otherTab, text)).toHaveAttribute('data-new', 'false')
  await expect(otherTab).toHaveTitle('Palabre')
  await admin.context.close()
})

test('at phone width: pinned live, confirmed, read among the posts', async ({
  browser,
  signUp,
}, testInfo) => {
  const tag = uniqueTag()
  const member = await signUp(`Phone reader ${tag}`, { viewport: phoneViewport })
  const admin = await signInAdmin(browser)
  const text = `Announcement ${tag}: new badges at the front desk.`

  await announceWith(admin.context.request, text)

  const card = pinnedCard(member.page, text)
  await expect(card).toBeVisible()
  await expect(card.getByText('Announcement', { exact: true })).toBeVisible()
  // Nothing wider than the phone.
  const box = await pinnedRegion(member.page).boundingBox()
  expect(box === null ? Infinity : box.x + box.width).toBeLessThanOrEqual(phoneViewport.width)
  await expectNoSeriousViolations(member.page, testInfo, 'phone wall: a pinned announcement')
  await attachScreenshot(member.page, testInfo, 'phone wall: a pinned announcement')
  await card.getByRole('button', { name: 'I have read it' }).click()
  await expect(pinnedRegion(member.page)).toHaveCount(0)
  await expect(postCard(member.page, text).getByText(/^Read on /)).toBeVisible()
  // A reload reads the same from the server.
  await member.page.reload()
  await expect(postCard(member.page, text).getByText(/^Read on /)).toBeVisible()
  await expect(pinnedRegion(member.page)).toHaveCount(0)
  await admin.context.close()
})
