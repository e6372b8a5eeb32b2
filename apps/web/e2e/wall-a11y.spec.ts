import AxeBuilder from '@axe-core/playwright'
import type { Page, TestInfo } from '@playwright/test'
import {
  emitFolder,
  emitPosts,
  postCard,
  saveContact,
  uniqueTag,
  type Member,
  expectOnline,
} from './support/members'
import { expect, phoneViewport, test, type SignUp } from './support/wall-test'

const phone = phoneViewport

/** Fails on any serious or critical axe violation, listing each with its nodes. */
const expectNoSeriousViolations = async (page: Page, testInfo: TestInfo, where: string) => {
  const results = await new AxeBuilder({ page }).analyze()
  // Every violation, whatever its impact, kept with the run for whoever reads the report.
  await testInfo.attach(`axe: ${where}`, {
    body: JSON.stringify(
      results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      })),
      null,
      2,
    ),
    contentType: 'application/json',
  })
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )
  const report = serious
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n'),
    )
    .join('\n')
  expect(serious, `axe on ${where}:\n${report}`).toEqual([])
}

const screenshot = async (page: Page, testInfo: TestInfo, name: string) => {
  const path = testInfo.outputPath(`${name}.png`)
  await page.screenshot({ path })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

/**
 * A and B, contacts of each other, share a folder; B has posted to A and both have commented.
 * Returns the post's text; A's page is on the wall, the post on screen, nothing open.
 */
const furnishedWall = async (signUp: SignUp, viewport?: { width: number; height: number }) => {
  const tag = uniqueTag()
  const options = viewport ? { viewport } : {}
  const ann = await signUp(`Ann A${tag}`, options)
  const bob = await signUp(`Bob A${tag}`, options)
  await saveContact(ann, bob)
  await saveContact(bob, ann)
  await emitFolder(ann, `Office ${tag}`, [bob])
  const text = `Agenda for Monday ${tag}: https://example.org/agenda`
  await emitPosts(bob, [ann], [text])
  await ann.page.reload()
  await expectOnline(ann.page)
  await expect(postCard(ann.page, text)).toBeVisible()
  await expect(ann.page.getByTestId('paging-counter')).toHaveText('1 - 1 of 1')
  return { ann, bob, tag, text }
}

/** `member` opens the post and writes a comment, which shows in the thread. */
const comment = async (member: Member, text: string, comment: string, mobile: boolean) => {
  const page = member.page
  await postCard(page, text).getByRole('button', { name: 'Comment' }).click()
  const box = page.getByRole('textbox', { name: mobile ? 'Message...' : 'Type a message...' })
  await box.fill(comment)
  await box.press('Enter')
  await expect(page.getByTestId('comment-bubble').filter({ hasText: comment })).toBeVisible()
}

test('desktop wall and discussion: no serious or critical axe violation', async ({
  signUp,
}, testInfo) => {
  const { ann, bob, tag, text } = await furnishedWall(signUp)
  const a = ann.page
  await expect(a.getByTestId('folder-item')).toHaveText([`Office ${tag}`])
  await expect(a.getByTestId('contact-item').filter({ hasText: bob.name })).toBeVisible()
  await expect(a.getByTestId('wall-placeholder')).toBeVisible()
  await expectNoSeriousViolations(a, testInfo, 'the desktop wall')
  await screenshot(a, testInfo, 'wall-desktop')

  await comment(bob, text, `I will be there ${tag}`, false)
  await comment(ann, text, `See you then ${tag}`, false)
  await expect(a.getByTestId('comment-bubble')).toHaveCount(2)
  await expect(a.getByTestId('discussion')).toBeVisible()
  await expectNoSeriousViolations(a, testInfo, 'an open desktop discussion')
  await screenshot(a, testInfo, 'discussion-desktop')
})

test('mobile wall, filter panel and discussion: no serious or critical axe violation', async ({
  signUp,
}, testInfo) => {
  const { ann, bob, tag, text } = await furnishedWall(signUp, phone)
  const a = ann.page
  await expectNoSeriousViolations(a, testInfo, 'the mobile wall')

  await a.getByRole('button', { name: 'Folders and contacts' }).click()
  const panel = a.locator('nav#wall-filters')
  await expect(panel.getByTestId('folder-item')).toHaveText([`Office ${tag}`])
  await expect(panel.getByTestId('contact-item').filter({ hasText: bob.name })).toBeVisible()
  await expectNoSeriousViolations(a, testInfo, 'the mobile filter panel')
  await screenshot(a, testInfo, 'filters-mobile')
  await a.getByRole('button', { name: 'Folders and contacts' }).click()
  await expect(panel).toHaveCount(0)

  await comment(bob, text, `I will be there ${tag}`, true)
  await comment(ann, text, `See you then ${tag}`, true)
  await expect(a.getByTestId('comment-bubble')).toHaveCount(2)
  await expectNoSeriousViolations(a, testInfo, 'an open mobile discussion')
})

test('keyboard: the send modal takes the focus, Escape closes it and gives it back', async ({
  signUp,
}) => {
  const ann = await signUp(`Ann K${uniqueTag()}`)
  const a = ann.page
  const opener = a.getByRole('button', { name: 'New Message' })
  await opener.focus()
  await a.keyboard.press('Enter')
  const modal = a.getByRole('dialog', { name: 'New Message' })
  await expect(modal).toBeVisible()
  await expect(modal.locator(':focus')).toHaveCount(1)
  // The next Tab stays inside: the page behind the modal is inert.
  await a.keyboard.press('Tab')
  await expect(modal.locator(':focus')).toHaveCount(1)
  await a.keyboard.press('Escape')
  await expect(modal).toBeHidden()
  await expect(opener).toBeFocused()
})

test('keyboard on a phone: the floating New Message button gets the focus back', async ({
  signUp,
}) => {
  const ann = await signUp(`Ann K${uniqueTag()}`, { viewport: phone })
  const a = ann.page
  const opener = a.getByRole('button', { name: 'New Message' })
  await opener.focus()
  await a.keyboard.press('Enter')
  const modal = a.getByRole('dialog', { name: 'New Message' })
  await expect(modal.locator(':focus')).toHaveCount(1)
  await a.keyboard.press('Escape')
  await expect(modal).toBeHidden()
  await expect(opener).toBeFocused()
})
