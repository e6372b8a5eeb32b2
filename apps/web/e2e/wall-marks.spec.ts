import { expect, test, type Page } from '@playwright/test'
import { expectOnline, postCard, sendPost, senderAndContact, type Member } from './support/members'
import { routeSocket } from './support/socket-route'

// Ticks that tell the truth (docs/realtime.md, "Delivery marks"), in two browsers: a comment
// read while its discussion is open turns read on the author's side, and what reaches a person
// through the catch-up turns delivered.

let ann: Member
let bob: Member

test.beforeEach(async ({ browser }) => {
  ;[ann, bob] = await senderAndContact(browser, 'Ann Ticks', 'Bob Ticks')
})
test.afterEach(async () => {
  await ann?.context.close()
  await bob?.context.close()
})

/** A post sent and stored: its card offers Comment. */
const sendStoredPost = async (page: Page, to: string, text: string) => {
  await sendPost(page, to, text)
  await expect(postCard(page, text).getByRole('button', { name: 'Comment' })).toBeVisible()
}

const bubbleTicks = (page: Page, text: string) =>
  page.getByTestId('comment-bubble').filter({ hasText: text }).locator('[data-ticks]')

const recipientTicks = (page: Page, name: string) =>
  page.getByTestId('discussion').getByTestId('recipient').filter({ hasText: name })

test('comments read while their discussion is open turn read for their author, and stay so', async () => {
  await sendStoredPost(ann.page, bob.name, 'Open on both sides')
  await postCard(bob.page, 'Open on both sides').getByRole('button', { name: 'Comment' }).click()
  await expect(bob.page).toHaveURL(/\/wall\/discussion\//)
  await postCard(ann.page, 'Open on both sides').getByRole('button', { name: 'Comment' }).click()

  // Five short comments, as fast as Ann can type them.
  const box = ann.page.getByRole('textbox', { name: 'Type a message...' })
  const texts = [1, 2, 3, 4, 5].map((i) => `quick ${i}`)
  for (const text of texts) {
    await box.fill(text)
    await ann.page.keyboard.press('Enter')
  }
  for (const text of texts)
    await expect(bob.page.getByTestId('comment-bubble').filter({ hasText: text })).toBeVisible()
  // Bob had them on screen as they came: every one reads as read on Ann's side...
  for (const text of texts)
    await expect(bubbleTicks(ann.page, text)).toHaveAttribute('data-ticks', 'seen')
  // ...and the server says so too.
  await ann.page.reload()
  for (const text of texts)
    await expect(bubbleTicks(ann.page, text)).toHaveAttribute('data-ticks', 'seen')
})

test('what reaches a person through the catch-up turns delivered for its sender', async () => {
  await sendStoredPost(ann.page, bob.name, 'Before Bob went away')
  await expect(postCard(bob.page, 'Before Bob went away')).toBeVisible()
  const line = await routeSocket(bob.page)

  await line.cut()
  await expect(bob.page.locator('.wall')).toHaveAttribute('data-connection', 'offline')
  const away = ['Away one', 'Away two', 'Away three']
  for (const text of away) await sendStoredPost(ann.page, bob.name, text)
  await postCard(ann.page, 'Before Bob went away').getByRole('button', { name: 'Comment' }).click()
  await ann.page.getByRole('textbox', { name: 'Type a message...' }).fill('While you were away')
  await ann.page.keyboard.press('Enter')
  // Stored, and not delivered: Bob's client does not have it.
  await expect(bubbleTicks(ann.page, 'While you were away')).toHaveAttribute('data-ticks', 'sent')

  line.restore()
  await expectOnline(bob.page)
  for (const text of away) await expect(postCard(bob.page, text)).toHaveCount(1)
  // Bob's client got the comment with the catch-up: Ann's single tick turns double, live.
  await expect(bubbleTicks(ann.page, 'While you were away')).toHaveAttribute(
    'data-ticks',
    'delivered',
  )
  for (const text of away) {
    await postCard(ann.page, text).getByRole('button', { name: 'Comment' }).click()
    await expect(recipientTicks(ann.page, bob.name)).toHaveAttribute('data-ticks', 'delivered')
  }
  // Stored, not only shown: after a reload, the same.
  await ann.page.reload()
  for (const text of away) {
    await postCard(ann.page, text).getByRole('button', { name: 'Comment' }).click()
    await expect(recipientTicks(ann.page, bob.name)).toHaveAttribute('data-ticks', 'delivered')
  }
  await postCard(ann.page, 'Before Bob went away').getByRole('button', { name: 'Comment' }).click()
  await expect(bubbleTicks(ann.page, 'While you were away')).toHaveAttribute(
    'data-ticks',
    'delivered',
  )
})
