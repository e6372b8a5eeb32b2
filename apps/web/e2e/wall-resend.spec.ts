import { expect, test } from '@playwright/test'
import {
  expectOnline,
  postCard,
  saveContact,
  sendPost,
  signUpMember,
  type Member,
} from './support/members'
import { routeSocket, type SocketLine } from './support/socket-route'

// What an unanswered post says instead of 'Resend' (docs/wall.md, "Sending").
const waiting = 'Not sent yet: it will go as soon as the connection is back'

let ann: Member
let bob: Member
let line: SocketLine

test.beforeEach(async ({ browser }) => {
  ann = await signUpMember(browser, 'Ann Unsent')
  bob = await signUpMember(browser, 'Bob Unsent')
  await saveContact(ann, bob)
  // Reloads Ann's wall, which then lists Bob.
  line = await routeSocket(ann.page)
  await expect(ann.page.getByTestId('contact-item')).toHaveCount(1)
})
test.afterEach(async () => {
  await ann?.context.close()
  await bob?.context.close()
})

/** Ann's connection is cut; she sends `text`, which gets no answer and waits. */
const sendWhileCut = async (text: string) => {
  await line.cut()
  await expect(ann.page.locator('.wall')).toHaveAttribute('data-connection', 'offline')
  await sendPost(ann.page, bob.name, text)
  const card = postCard(ann.page, text)
  await expect(card.getByTestId('post-pending')).toBeVisible()
  // No answer within 10 s: where it used to turn to 'Resend', it says it waits.
  await expect(card.getByRole('status')).toHaveText(waiting, { timeout: 120_000 })
  await expect(card.getByRole('button', { name: 'Resend' })).toHaveCount(0)
  return card
}

test('a post sent while the connection is cut goes by itself once it is back', async () => {
  const card = await sendWhileCut('Written while cut off')

  line.restore()
  await expectOnline(ann.page)
  await expect(card.getByRole('button', { name: 'Comment' })).toBeVisible()
  await expect(postCard(bob.page, 'Written while cut off')).toHaveCount(1)
  // Stored once.
  await bob.page.reload()
  await expect(postCard(bob.page, 'Written while cut off')).toHaveCount(1)
  await expect(bob.page.getByTestId('paging-counter')).toHaveText('1 - 1 of 1')
})

test('a waiting post survives a reload, and goes by itself once connected', async () => {
  await sendWhileCut('Kept over a reload')

  await ann.page.reload()
  const kept = postCard(ann.page, 'Kept over a reload')
  await expect(kept.getByRole('status')).toHaveText(waiting)
  await expect(kept.getByRole('button', { name: 'Resend' })).toHaveCount(0)

  line.restore()
  await expect(kept.getByRole('button', { name: 'Comment' })).toBeVisible({ timeout: 120_000 })
  await expect(postCard(bob.page, 'Kept over a reload')).toHaveCount(1)
  await ann.page.reload()
  await expect(postCard(ann.page, 'Kept over a reload')).toHaveCount(1)
  await expect(ann.page.getByTestId('paging-counter')).toHaveText('1 - 1 of 1')
})
