import { expect, test } from '@playwright/test'
import { expectOnline, postCard, signUpMember, type Member } from './support/members'

test.describe.configure({ mode: 'serial' })

let ann: Member
let bob: Member

test.beforeAll(async ({ browser }) => {
  ann = await signUpMember(browser, 'Ann Live')
  bob = await signUpMember(browser, 'Bob Live')
})
test.afterAll(async () => {
  await ann?.context.close()
  await bob?.context.close()
})

test('A saves B as a contact and sends a post; B sees it live, opens it, comments', async () => {
  const a = ann.page
  const b = bob.page

  // A saves B through the modal.
  await a.getByRole('button', { name: 'New contact' }).click()
  const contactModal = a.getByRole('dialog', { name: 'Save a new contact !' })
  await contactModal.getByLabel('Contact name').fill(bob.name)
  await contactModal.getByLabel('Phone number').fill(`+${bob.phone}`)
  await contactModal.getByRole('button', { name: 'Add a contact' }).click()
  await expect(contactModal).toBeHidden()
  await expect(a.getByTestId('contact-item').filter({ hasText: bob.name })).toBeVisible()

  // A sends a post to B.
  await a.getByRole('button', { name: 'New Message' }).click()
  const sendModal = a.getByRole('dialog', { name: 'New Message' })
  await sendModal.getByRole('checkbox', { name: new RegExp(bob.name) }).check()
  await sendModal.getByRole('textbox', { name: /message/i }).fill('Hello Bob, live')
  await sendModal.getByRole('button', { name: 'Send' }).click()
  const onA = postCard(a, 'Hello Bob, live')
  await expect(onA).toBeVisible()
  await expect(onA.getByText('Me', { exact: true })).toBeVisible()

  // B sees it arrive without reloading, new and in bold, from A.
  const onB = postCard(b, 'Hello Bob, live')
  await expect(onB).toBeVisible()
  await expect(onB).toHaveAttribute('data-new', 'true')
  await expect(onB.getByText(ann.name)).toBeVisible()
  await expect(b).toHaveTitle(/^\(1\) /)

  // A opens it: B's tick reads delivered; then B opens it and A's tick turns to read.
  await onA.getByRole('button', { name: 'Comment' }).click()
  const recipient = a
    .getByTestId('discussion')
    .getByTestId('recipient')
    .filter({ hasText: bob.name })
  await expect(recipient).toHaveAttribute('data-ticks', 'delivered')
  await onB.getByRole('button', { name: 'Comment' }).click()
  await expect(b).toHaveURL(/\/wall\/discussion\//)
  await expect(onB).toHaveAttribute('data-new', 'false')
  await expect(recipient).toHaveAttribute('data-ticks', 'seen')

  // B comments; A, on another post's discussion or none, sees an unread bubble of 1.
  await a.goto('/wall')
  // A is online again (its socket is in its room) before B writes.
  await expectOnline(a)
  await b.getByRole('textbox', { name: 'Type a message...' }).fill('Thanks Ann')
  await b.keyboard.press('Enter')
  const bubbleOnB = b.getByTestId('comment-bubble').filter({ hasText: 'Thanks Ann' })
  await expect(bubbleOnB).toBeVisible()
  // A's socket received it: B's tick turns delivered, then read once A opens the discussion.
  await expect(bubbleOnB.locator('[data-ticks]')).toHaveAttribute('data-ticks', 'delivered')
  await expect(postCard(a, 'Hello Bob, live').getByLabel(/1 unread comment/)).toBeVisible()
  await postCard(a, 'Hello Bob, live').getByRole('button', { name: 'Comment' }).click()
  await expect(a.getByTestId('comment-bubble').filter({ hasText: 'Thanks Ann' })).toBeVisible()
  await expect(bubbleOnB.locator('[data-ticks]')).toHaveAttribute('data-ticks', 'seen')
  await expect(postCard(a, 'Hello Bob, live').getByLabel(/unread comment/)).toHaveCount(0)
})

test('the back button does not leave the wall for the sign-in page it came from', async ({
  browser,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/auth')
  await page.getByLabel('Country', { exact: true }).selectOption('FR')
  await page.getByLabel('Phone number', { exact: true }).fill(ann.phone.slice(2))
  await page.getByLabel('Password', { exact: true }).fill('Wall-secret-1')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/wall$/)
  await postCard(page, 'Hello Bob, live').getByRole('button', { name: 'Comment' }).click()
  await expect(page).toHaveURL(/\/wall\/discussion\//)
  // Back moves within the wall, from the discussion to the list...
  await page.evaluate(() => history.back())
  await expect(page).toHaveURL(/\/wall$/)
  // ...but not out of it (the browser's back, as the button does it).
  await page.evaluate(() => history.back())
  await expect(page.getByTestId('wall-user-name')).toHaveText(ann.name)
  await expect(page).toHaveURL(/\/wall$/)
  await context.close()
})
