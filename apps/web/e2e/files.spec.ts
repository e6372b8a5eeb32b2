import { samplePdf, samplePng } from '@palabre/testing/sample-files'
import { expect, test } from './support/wall-test'
import { postCard, saveContact, sendPostWithFiles, uniqueTag } from './support/members'

const png = { name: 'team-photo.png', mimeType: 'image/png', buffer: samplePng(640, 480) }
const pdf = { name: 'minutes.pdf', mimeType: 'application/pdf', buffer: samplePdf('Minutes', 2) }

test('A attaches an image and a PDF to a post for B; both show in the discussion and on the card', async ({
  signUp,
}) => {
  const ann = await signUp('Ann Files')
  const bob = await signUp('Bob Files')
  await saveContact(ann, bob)
  const text = `Files ${uniqueTag()}`
  const a = ann.page
  const b = bob.page

  await a.reload()
  await sendPostWithFiles(ann, bob, text, [png, pdf])

  // The files follow the post, in the order chosen, as its comments.
  const card = postCard(b, text)
  await expect(card).toBeVisible()
  // One message for B: the files are the post's own, no unread comments (docs/behaviour.md,
  // "A post's files"). Both have arrived once the card's strip shows them.
  await expect(card.getByRole('list', { name: 'Attachments' }).getByRole('link')).toHaveCount(2)
  await expect(b).toHaveTitle('(1) Palabre')
  await expect(card.getByRole('button', { name: 'Comment', exact: true })).toBeVisible()
  await card.getByRole('button', { name: 'Comment' }).click()
  const bubbles = b.getByTestId('comment-bubble')
  await expect(bubbles).toHaveCount(2)
  const image = bubbles.nth(0).getByRole('link', { name: 'Open team-photo.png' })
  await expect(image).toBeVisible()
  // The thumbnail was read: the api answered it to B, a participant.
  await expect
    .poll(() => image.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(320)
  await expect(bubbles.nth(0).getByRole('link', { name: 'Download team-photo.png' })).toBeVisible()
  await expect(bubbles.nth(1).getByRole('link', { name: 'Open minutes.pdf' })).toBeVisible()

  // The card's strip: newest first.
  const strip = card.getByRole('list', { name: 'Attachments' })
  await expect(strip.getByRole('link')).toHaveText(['PDFminutes.pdf', ''])
  await expect(strip.getByRole('link').nth(1)).toHaveAttribute('aria-label', 'Open team-photo.png')
  // A's own card learns of them too.
  await expect(
    postCard(a, text).getByRole('list', { name: 'Attachments' }).getByRole('link'),
  ).toHaveCount(2)

  // B opens the PDF from its bubble: the reader shows over the wall, which stays live under it.
  const pdfLink = bubbles.nth(1).getByRole('link', { name: 'Open minutes.pdf' })
  await pdfLink.click()
  await expect(b.getByRole('heading', { level: 1 })).toHaveText('minutes.pdf')
  await expect(b.getByRole('img', { name: /^Page 1 of 2$/ })).toBeVisible()
  await expect(b.getByRole('button', { name: 'Close' })).toBeFocused()
  await postCard(a, text).getByRole('button', { name: 'Comment' }).click()
  await a.getByRole('textbox', { name: 'Type a message...' }).fill('Read the minutes?')
  await a.keyboard.press('Enter')
  // Close goes back where B came from, the discussion, with A's comment already in it.
  await b.getByRole('button', { name: 'Close' }).click()
  await expect(b).toHaveURL(/\/wall\/discussion\/[^/]+$/)
  await expect(bubbles).toHaveCount(3)
  await expect(bubbles.nth(2)).toContainText('Read the minutes?')
  await expect(pdfLink).toBeFocused()
})
