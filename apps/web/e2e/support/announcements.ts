import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

/**
 * Announcements in the browser tests (docs/announcements.md, "On the web"): where the wall pins
 * them, and the author's table of confirmations.
 */

/** The block of announcements not confirmed yet, above the general wall's posts. */
export const pinnedRegion = (page: Page): Locator =>
  page.getByRole('region', { name: 'Announcements to read' })

/** The pinned card of an announcement, by its text. */
export const pinnedCard = (page: Page, text: string): Locator =>
  pinnedRegion(page).getByTestId('post-card').filter({ hasText: text })

/** How many confirmed of how many, as the author's table says it: '3 of 41 confirmed'. */
export const reportCounts = async (page: Page): Promise<{ confirmed: number; total: number }> => {
  const counts = page.getByTestId('announcement-report-counts')
  await expect(counts).toHaveText(/^\d+ of \d+ confirmed$/)
  const [, confirmed, total] = /^(\d+) of (\d+) confirmed$/.exec(await counts.innerText()) ?? []
  return { confirmed: Number(confirmed), total: Number(total) }
}

/** The panel of an announcement's confirmations, once 'See who confirmed' opened it. */
export const reportPanel = (page: Page): Locator =>
  page.getByRole('dialog', { name: 'Confirmations' })

/** One person's row in the panel: under 'Confirmed' or 'Not confirmed yet'. */
export const reportRow = (page: Page, list: 'confirmed' | 'pending', phone: string): Locator =>
  reportPanel(page)
    .getByTestId(`${list}-row`)
    .and(page.locator(`[data-phone="${phone}"]`))

/** Searches the open panel for one phone, so that person's row is drawn however long the list. */
export const findInReport = async (page: Page, phone: string): Promise<void> => {
  await reportPanel(page).getByRole('searchbox', { name: 'Search by name or phone' }).fill(phone)
  await expect(reportPanel(page).getByRole('status')).toHaveText('1 person listed')
}

/**
 * An administrator announces `text` through the api, to everyone or to the members of
 * `folderIds`; answers the post's id.
 */
export const announceWith = async (
  request: APIRequestContext,
  text: string,
  folderIds?: readonly string[],
): Promise<string> => {
  const answer = await request.post('/api/admin/announcements', {
    data: folderIds === undefined ? { text } : { text, folderIds },
  })
  if (!answer.ok()) throw new Error(`${answer.status()} ${await answer.text()}`)
  const body = (await answer.json()) as { idPostEmet: string }
  return body.idPostEmet
}
