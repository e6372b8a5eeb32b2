import type { Locator, Page } from '@playwright/test'
import {
  emitFolder,
  emitPosts,
  expectOnline,
  postCard,
  saveContact,
  uniqueTag,
  type Member,
} from './support/members'
import { routeSocket } from './support/socket-route'
import { desktopViewport, expect, phoneViewport, test } from './support/wall-test'
import type { TestInfo } from '@playwright/test'

/** A screenshot kept with the run, for whoever reads the report. */
const keep = async (page: Page, testInfo: TestInfo, name: string) => {
  const path = testInfo.outputPath(`${name}.png`)
  await page.screenshot({ path })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

const desktop = desktopViewport

/**
 * Every control on screen that a notice must leave uncovered (docs/wall.md, "Notices"): the
 * buttons, fields and links, and the paging counter, but for the notices' own and those of the
 * posts, which scroll (the list keeps room under its last post).
 */
const coveredBy = (page: Page, notice: Locator): Promise<string[]> =>
  notice.evaluate((box) => {
    const area = box.getBoundingClientRect()
    const controls = document.querySelectorAll<HTMLElement>(
      'button, input, textarea, select, a[href], [data-testid="paging-counter"]',
    )
    const hits: string[] = []
    for (const control of controls) {
      if (box.contains(control) || control.closest('.centre__list, .comment-thread')) continue
      const rect = control.getBoundingClientRect()
      if (rect.width === 0 || rect.height === 0) continue
      const overlaps =
        rect.left < area.right &&
        rect.right > area.left &&
        rect.top < area.bottom &&
        rect.bottom > area.top
      if (overlaps)
        hits.push(
          control.getAttribute('aria-label') ??
            control.getAttribute('placeholder') ??
            control.textContent?.trim() ??
            control.tagName,
        )
    }
    return hits
  })

/** The last post scrolled into view: the notice leaves its actions uncovered. */
const lastPostClear = async (page: Page, notice: Locator) => {
  await page.locator('.centre__list').evaluate((list) => list.scrollTo(0, list.scrollHeight))
  const last = page.getByTestId('post-card').last()
  const copy = last.getByRole('button', { name: 'Copy' })
  await expect(copy).toBeInViewport()
  const [noticeBox, lastBox] = [await notice.boundingBox(), await last.boundingBox()]
  expect(lastBox!.y + lastBox!.height).toBeLessThanOrEqual(noticeBox!.y)
}

const addedNotice = (page: Page, folder: string) =>
  page.getByRole('status').filter({ hasText: `You have just been added to the group ${folder}` })

/** A wall with enough posts to have a next page, and a contact who can add the person to folders. */
const busyWall = async (
  signUp: (
    name: string,
    options?: { viewport?: { width: number; height: number } },
  ) => Promise<Member>,
  viewport: { width: number; height: number },
) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Notice ${tag}`, { viewport })
  const bob = await signUp(`Bob Notice ${tag}`)
  await saveContact(bob, ann)
  await saveContact(ann, bob)
  await emitPosts(
    bob,
    [ann],
    Array.from({ length: 12 }, (_, i) => `Post ${i} ${tag}`),
  )
  await ann.page.reload()
  await expectOnline(ann.page)
  await expect(ann.page.getByTestId('paging-counter')).toHaveText('1 - 10 of 12')
  return { ann, bob, tag }
}

test('on a desktop, notices and the offline notice cover neither the paging nor the buttons', async ({
  signUp,
}, testInfo) => {
  const { ann, bob, tag } = await busyWall(signUp, desktop)
  const a = ann.page

  const folder = `Board ${tag}`
  await emitFolder(bob, folder, [ann])
  const notice = addedNotice(a, folder)
  await expect(notice).toBeVisible()
  expect(await coveredBy(a, notice)).toEqual([])
  await lastPostClear(a, notice)
  await keep(a, testInfo, 'notice-desktop')

  // Offline: the notice leaves Log out, and everything else, uncovered.
  const line = await routeSocket(a)
  await line.cut()
  const offline = a.getByRole('status').filter({ hasText: 'Offline: reconnecting…' })
  await expect(offline).toBeVisible()
  expect(await coveredBy(a, offline)).toEqual([])
  await keep(a, testInfo, 'offline-desktop')
  await expect(a.getByRole('button', { name: 'Log out' })).toBeVisible()
  line.restore()
  await expectOnline(a)
  await expect(offline).toHaveCount(0)
})

test('on a phone, notices sit beside the floating button, and over the thread in a discussion', async ({
  signUp,
}, testInfo) => {
  const { ann, bob, tag } = await busyWall(signUp, phoneViewport)
  const a = ann.page

  const folder = `Crew ${tag}`
  await emitFolder(bob, folder, [ann])
  const notice = addedNotice(a, folder)
  await expect(notice).toBeVisible()
  expect(await coveredBy(a, notice)).toEqual([])
  await lastPostClear(a, notice)
  await keep(a, testInfo, 'notice-phone')
  await notice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(notice).toHaveCount(0)

  // In a discussion: over the foot of the thread, clear of the composer and the header.
  await postCard(a, `Post 11 ${tag}`).getByTestId('post-card-body').click()
  await expect(a.getByTestId('discussion')).toBeVisible()
  const other = `Second crew ${tag}`
  await emitFolder(bob, other, [ann])
  const inDiscussion = addedNotice(a, other)
  await expect(inDiscussion).toBeVisible()
  expect(await coveredBy(a, inDiscussion)).toEqual([])
  await keep(a, testInfo, 'notice-phone-discussion')

  const line = await routeSocket(a)
  await line.cut()
  const offline = a.getByRole('status').filter({ hasText: 'Offline: reconnecting…' })
  await expect(offline).toBeVisible()
  expect(await coveredBy(a, offline)).toEqual([])
  line.restore()
  await expectOnline(a)
})
