import { expect, test, type Page } from '@playwright/test'
import { expectOnline, postCard, sendPost, senderAndContact, type Member } from './support/members'

let ann: Member
let bob: Member

test.beforeEach(async ({ browser }) => {
  ;[ann, bob] = await senderAndContact(browser, 'Ann Away', 'Bob Away')
})
test.afterEach(async () => {
  await ann?.context.close()
  await bob?.context.close()
})

const comment = async (page: Page, text: string) => {
  await page.getByRole('textbox', { name: 'Type a message...' }).fill(text)
  await page.keyboard.press('Enter')
  // Stored by the server: the pending mark gives way to a tick.
  await expect(
    page.getByTestId('comment-bubble').filter({ hasText: text }).locator('[data-ticks]'),
  ).not.toHaveAttribute('data-ticks', 'pending')
}

test('offline while 5 posts and 3 comments are sent: back online, each shows once', async () => {
  await sendPost(ann.page, bob.name, 'Before the cut')
  await expect(postCard(bob.page, 'Before the cut')).toBeVisible()

  await bob.context.setOffline(true)
  await expect(bob.page.locator('.wall')).toHaveAttribute('data-connection', 'offline', {
    timeout: 120_000,
  })
  for (let i = 1; i <= 5; i++) await sendPost(ann.page, bob.name, `While away ${i}`)
  await postCard(ann.page, 'Before the cut').getByRole('button', { name: 'Comment' }).click()
  for (let i = 1; i <= 3; i++) await comment(ann.page, `Away comment ${i}`)
  // Nothing reached Bob while he was offline.
  await expect(postCard(bob.page, 'While away 1')).toHaveCount(0)

  await bob.context.setOffline(false)
  for (let i = 1; i <= 5; i++) await expect(postCard(bob.page, `While away ${i}`)).toHaveCount(1)
  await expect(bob.page.getByTestId('paging-counter')).toHaveText('1 - 6 of 6')
  const commented = postCard(bob.page, 'Before the cut')
  await expect(commented.getByLabel(/3 unread comments/)).toBeVisible()
  await commented.getByRole('button', { name: 'Comment' }).click()
  for (let i = 1; i <= 3; i++)
    await expect(
      bob.page.getByTestId('comment-bubble').filter({ hasText: `Away comment ${i}` }),
    ).toHaveCount(1)
})

test("a second tab of the sender receives the sender's own post and comment", async () => {
  const second = await ann.context.newPage()
  await second.goto('/wall')
  await expectOnline(second)
  await sendPost(ann.page, bob.name, 'From tab one')
  await expect(postCard(second, 'From tab one')).toHaveCount(1)
  await expect(postCard(second, 'From tab one').getByText('Me', { exact: true })).toBeVisible()
  await postCard(ann.page, 'From tab one').getByRole('button', { name: 'Comment' }).click()
  await postCard(second, 'From tab one').getByRole('button', { name: 'Comment' }).click()
  await comment(ann.page, 'Said in tab one')
  await expect(
    second.getByTestId('comment-bubble').filter({ hasText: 'Said in tab one' }),
  ).toHaveCount(1)
})

test('a log-out in another tab brings this tab back to sign in, with a message', async () => {
  const second = await bob.context.newPage()
  await second.goto('/wall')
  await expect(second.getByTestId('wall-user-name')).toHaveText(bob.name)
  await bob.page.getByRole('button', { name: 'Log out' }).click()
  await expect(bob.page).toHaveURL(/\/auth$/)
  await expect(second).toHaveURL(/\/auth$/)
  await expect(second.getByText('Your session has ended. Please sign in again.')).toBeVisible()
})
