import { readFileSync } from 'node:fs'
import { displayPhoneKey } from '@palabre/contracts'
import type { Locator } from '@playwright/test'
import {
  expectOnline,
  postCard,
  saveContact,
  sendPostWithFiles,
  uniqueTag,
} from './support/members'
import { attachScreenshot, expectNoSeriousViolations } from './support/screens'
import { expect, test } from './support/wall-test'

/**
 * Proof of viewing (docs/wall.md, "Proof of viewing"; docs/files.md, "On the web"): what a
 * recipient really plays of a video reaches its sender's table live. The video is played for
 * real: the server credits no faster than 10 % over real time.
 */

const video = {
  name: 'safety-training.mp4',
  mimeType: 'video/mp4',
  buffer: readFileSync(new URL('./fixtures/twenty-seconds.mp4', import.meta.url)),
}

/** The share a row of the table shows, as a number ('48%' reads 48). */
const percentOf = async (row: Locator): Promise<number> =>
  Number((await row.getByTestId('viewer-percent').textContent())?.replace(/\D/g, '') ?? NaN)

/** Plays the video until its position reaches `seconds`, then pauses it. */
const playUntil = async (player: Locator, seconds: number) => {
  await player.evaluate((v: HTMLVideoElement) => v.play())
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 120_000,
      intervals: [100],
    })
    .toBeGreaterThanOrEqual(seconds)
  await player.evaluate((v: HTMLVideoElement) => v.pause())
}

test("a recipient plays half of a video, then all of it: the sender's table follows live", async ({
  signUp,
}, testInfo) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Video${tag}`)
  const bob = await signUp(`Bob Video${tag}`)
  await saveContact(ann, bob)
  const text = `Training ${tag}`
  const a = ann.page
  const b = bob.page
  await a.reload()
  await expectOnline(a)
  await sendPostWithFiles(ann, bob, text, [video])

  // Ann, the sender, opens the panel of who watched (docs/wall.md, "Report panels"): Bob, who
  // has played nothing yet.
  await postCard(a, text).getByRole('button', { name: 'Comment' }).click()
  const sent = a.getByTestId('comment-bubble').filter({ has: a.locator('video') })
  await expect(sent.getByText('0 of 1 watched')).toBeVisible()
  const whoWatched = sent.getByRole('button', { name: 'Who watched' })
  await whoWatched.click()
  const panel = a.getByRole('dialog', { name: `Who watched ${video.name}` })
  const table = panel.getByRole('table', { name: `Who watched ${video.name}` })
  const bobsRow = table.getByRole('row', { name: new RegExp(bob.name) })
  await expect(bobsRow.getByTestId('viewer-percent')).toHaveText('0%')
  await expect(bobsRow).toContainText(`+${bob.phone}`)
  await expect(panel.getByText('0 of 1 watched')).toBeVisible()

  // Bob opens it and plays about half of it.
  await expect(postCard(b, text)).toBeVisible()
  await postCard(b, text).getByRole('button', { name: 'Comment' }).click()
  const received = b.getByTestId('comment-bubble').filter({ has: b.locator('video') })
  const player = received.getByLabel(`Video: ${video.name}`)
  const own = received.getByTestId('own-progress')
  await expect(own).toHaveText('Not watched yet')
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.duration)).toBeCloseTo(20, 0)
  // A click is the gesture a browser wants before it plays.
  await received.getByText(video.name, { exact: true }).click()
  await playUntil(player, 10)
  await expect(own).toHaveText(/^Watched \d+%$/)

  // Ann's table has it, live (nothing reloaded): about half.
  await expect.poll(() => percentOf(bobsRow), { timeout: 120_000 }).toBeGreaterThanOrEqual(40)
  expect(await percentOf(bobsRow)).toBeLessThanOrEqual(60)
  await expect(bobsRow).not.toContainText('Watched')

  // Bob plays the rest, to the end.
  await player.evaluate((v: HTMLVideoElement) => v.play())
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 120_000 })
    .toBe(true)
  await expect(own).toHaveText('Watched')

  // Ann sees it watched, live, and the CSV says so too.
  await expect(bobsRow).toContainText('Watched', { timeout: 120_000 })
  await expect(bobsRow.getByTestId('viewer-percent')).toHaveText('100%')
  await expect(bobsRow.locator('time')).toBeVisible()
  await expect(panel.getByText('1 of 1 watched')).toBeVisible()
  // The search finds him by name, accents and case aside, and by phone.
  const search = panel.getByRole('searchbox', { name: 'Search by name or phone' })
  await search.fill(bob.name.toUpperCase())
  await expect(table.getByRole('row')).toHaveCount(2)
  await search.fill('nobody-of-that-name')
  await expect(panel.getByText('Nobody matches this search.')).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(1)
  await search.fill(bob.phone)
  await expect(bobsRow).toBeVisible()
  const csvLink = panel.getByRole('link', { name: `Download the views of ${video.name} as CSV` })
  const csv = await ann.context.request.get((await csvLink.getAttribute('href')) ?? '')
  expect(csv.ok()).toBe(true)
  // The phone in its groups, text to a spreadsheet with no apostrophe (docs/security.md).
  expect(await csv.text()).toContain(`"${bob.name}","${displayPhoneKey(bob.phone)}","100.0"`)

  // Both screens pass axe, the table open on one, the progress on the other.
  await expectNoSeriousViolations(a, testInfo, 'the sender’s table of who watched')
  await expectNoSeriousViolations(b, testInfo, 'the recipient’s progress')
  await attachScreenshot(a, testInfo, 'who-watched')
  await attachScreenshot(b, testInfo, 'own-progress')

  // Escape closes the panel, and the focus is back on 'Who watched'.
  await a.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)
  await expect(whoWatched).toBeFocused()
  await expect(sent.getByText('1 of 1 watched')).toBeVisible()
})
