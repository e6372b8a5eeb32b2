import { emitFolder, postCard, saveContact, uniqueTag, expectOnline } from './support/members'
import { expect, phoneViewport, test } from './support/wall-test'

const phone = phoneViewport

test('on a phone: top bar, filter panel, floating New Message, full-screen discussion', async ({
  signUp,
}, testInfo) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann M${tag}`, { viewport: phone })
  const bob = await signUp(`Bob M${tag}`, { viewport: phone })
  await saveContact(ann, bob)
  const folder = `Crew ${tag}`
  await emitFolder(ann, folder, [bob])
  const a = ann.page
  const b = bob.page
  await a.reload()
  await expectOnline(a)

  // The top bar: filters, search, log-out; no left column, no discussion column.
  const filtersButton = a.getByRole('button', { name: 'Folders and contacts' })
  const searchButton = a.getByRole('button', { name: 'Search', exact: true })
  await expect(filtersButton).toHaveAttribute('aria-expanded', 'false')
  await expect(searchButton).toHaveAttribute('aria-pressed', 'false')
  await expect(a.getByRole('button', { name: 'Log out' })).toBeVisible()
  await expect(a.getByTestId('wall-placeholder')).toHaveCount(0)
  await expect(a.locator('nav#wall-filters')).toHaveCount(0)

  // The search box shows only when asked for.
  const search = a.getByRole('searchbox', { name: 'Search posts' })
  await expect(search).toHaveCount(0)
  await searchButton.click()
  await expect(searchButton).toHaveAttribute('aria-pressed', 'true')
  await expect(search).toBeVisible()
  await searchButton.click()
  await expect(search).toHaveCount(0)

  // The filter panel holds the folders and the contacts; choosing a contact closes it.
  await filtersButton.click()
  await expect(filtersButton).toHaveAttribute('aria-expanded', 'true')
  const panel = a.locator('nav#wall-filters')
  await expect(panel).toBeVisible()
  await expect(panel.getByTestId('folder-item').filter({ hasText: folder })).toBeVisible()
  await expect(panel.getByRole('searchbox', { name: 'Search folders' })).toBeVisible()
  await expect(panel.getByRole('searchbox', { name: 'Search contacts' })).toBeVisible()
  await panel.getByTestId('contact-item').filter({ hasText: bob.name }).click()
  await expect(panel).toHaveCount(0)
  await expect(filtersButton).toHaveAttribute('aria-expanded', 'false')
  await expect(a.getByTestId('scope-title')).toHaveText(bob.name)
  await expect(a.getByTestId('empty-wall')).toHaveText(`You don't have any Post with ${bob.name}`)

  // The floating button opens the send modal; the post goes to B.
  const text = `From a phone ${tag}`
  await a.getByRole('button', { name: 'New Message' }).click()
  const send = a.getByRole('dialog', { name: 'New Message' })
  await send.getByRole('checkbox', { name: new RegExp(bob.name) }).check()
  await send.getByRole('textbox', { name: 'Message' }).fill(text)
  await send.getByRole('button', { name: 'Send' }).click()
  await expect(send).toBeHidden()
  await expect(postCard(a, text).getByRole('button', { name: 'Comment' })).toBeVisible()

  const onB = postCard(b, text)
  await expect(onB).toHaveAttribute('data-new', 'true')
  const wallShot = testInfo.outputPath('wall-mobile.png')
  await b.screenshot({ path: wallShot, fullPage: true })
  await testInfo.attach('wall-mobile', { path: wallShot, contentType: 'image/png' })

  // B opens it: the discussion takes the whole screen, the post list is gone.
  await onB.getByTestId('post-card-body').click()
  await expect(b).toHaveURL(/\/wall\/discussion\//)
  const discussion = b.getByTestId('discussion')
  await expect(discussion).toBeVisible()
  await expect(b.getByRole('region', { name: 'Posts' })).toHaveCount(0)
  await expect(b.getByTestId('post-card')).toHaveCount(0)
  await expect(b.getByRole('button', { name: 'New Message' })).toHaveCount(0)
  await expect(b.getByRole('button', { name: 'Folders and contacts' })).toHaveCount(0)
  const box = await discussion.boundingBox()
  expect(box, 'the discussion is laid out').not.toBeNull()
  expect(box?.width).toBeGreaterThanOrEqual(phone.width - 1)
  await expect(b.getByTestId('discussion-header')).toContainText(text)

  // B comments with the phone's composer; A's card counts it.
  const composer = b.getByRole('textbox', { name: 'Message...' })
  await composer.fill(`Got it ${tag}`)
  await composer.press('Enter')
  await expect(b.getByTestId('comment-bubble').filter({ hasText: `Got it ${tag}` })).toBeVisible()
  await expect(composer).toHaveValue('')
  await expect(postCard(a, text).getByLabel('1 unread comment')).toBeVisible()
  const discussionShot = testInfo.outputPath('discussion-mobile.png')
  await b.screenshot({ path: discussionShot })
  await testInfo.attach('discussion-mobile', { path: discussionShot, contentType: 'image/png' })

  // Back returns to the list, the post read.
  await discussion.getByRole('button', { name: 'Back' }).click()
  await expect(b).toHaveURL(/\/wall$/)
  await expect(b.getByTestId('discussion')).toHaveCount(0)
  await expect(onB).toBeVisible()
  await expect(onB).toHaveAttribute('data-new', 'false')
  await expect(b.getByRole('button', { name: 'New Message' })).toBeVisible()
})
