import AxeBuilder from '@axe-core/playwright'
import { sampleOffice, samplePdf, samplePng } from '@palabre/testing/sample-files'
import type { Locator, Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { readerPath } from '../src/lib/paths'
import { postCard, saveContact, sendPostWithFiles, uniqueTag } from './support/members'
import { expect, phoneViewport, test } from './support/wall-test'

/** The file reader (docs/reader.md) against the real server, LibreOffice previews included. */

const png = { name: 'team-photo.png', mimeType: 'image/png', buffer: samplePng(640, 480) }
const pdf = { name: 'minutes.pdf', mimeType: 'application/pdf', buffer: samplePdf('Minutes', 2) }
const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

interface StoredFile {
  emet: string
  emetName?: string
  image: string
  fileDoc: string
}

/** A PDF page drawn: its canvas has pixels and takes room on the screen. */
const expectDrawn = async (canvas: Locator, timeout?: number) => {
  await expect(canvas).toBeVisible({ timeout })
  await expect
    .poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width * c.height), { timeout })
    .toBeGreaterThan(0)
  const box = await canvas.boundingBox()
  expect(box?.width ?? 0).toBeGreaterThan(100)
  expect(box?.height ?? 0).toBeGreaterThan(100)
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 })

test('B reads the image, the PDF and the document A sent, steps through them, downloads one', async ({
  signUp,
}) => {
  // The first conversion of a document starts LibreOffice: 10 to 20 s on a loaded machine.
  const ann = await signUp('Ann Reader')
  const bob = await signUp('Bob Reader')
  const carol = await signUp('Carol Reader')
  await saveContact(ann, bob)
  const docx = { name: 'brief.docx', mimeType: docxType, buffer: await sampleOffice('docx') }
  const text = `Reader ${uniqueTag()}`
  const a = ann.page
  const b = bob.page

  await a.reload()
  await sendPostWithFiles(ann, bob, text, [png, pdf, docx])

  // B's copy of the post, and its files as the reader lists them: newest first.
  const card = postCard(b, text)
  await expect(card).toBeVisible()
  const postId = (await card.getAttribute('data-post-id')) ?? ''
  expect(postId).not.toBe('')
  let stored: StoredFile[] = []
  await expect
    .poll(async () => {
      const answer = await bob.context.request.get(`/api/commentFiles/${postId}`)
      stored = answer.ok() ? ((await answer.json()) as StoredFile[]) : []
      return stored.length
    })
    .toBe(3)
  // The files go as their uploads end: the list's order is the server's, not the one chosen.
  const names = stored.map((f) => (f.image !== '' ? f.image : f.fileDoc))
  const named = (ext: string) => names.find((name) => name.endsWith(ext)) ?? ''
  const [docxName, pdfName, pngName] = [named('.docx'), named('.pdf'), named('.png')]
  expect(docxName).toMatch(/^brief___\w+\.docx$/)
  expect(stored.find((f) => f.image !== '')?.image).toBe(pngName)

  /** What each file shows, once it is the reader's. */
  const shows: Record<string, () => Promise<void>> = {
    // The document, drawn from the server's PDF of it.
    [docxName]: async () => {
      await expect(heading(b)).toHaveText('brief.docx')
      await expectDrawn(b.getByRole('img', { name: /^Page 1 of \d+$/ }), 90_000)
      await expect(b.getByText(/^\d+ pages?$/)).toBeVisible()
      const { violations } = await new AxeBuilder({ page: b }).analyze()
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([])
    },
    // The PDF, drawn by pdf.js, both of its pages counted; then its download.
    [pdfName]: async () => {
      await expect(heading(b)).toHaveText('minutes.pdf')
      await expect(b.getByText('2 pages')).toBeVisible()
      await expectDrawn(b.getByRole('img', { name: 'Page 1 of 2' }))
      // No frame, no embed: the PDF is pixels on a canvas.
      await expect(b.locator('iframe, embed, object')).toHaveCount(0)
      const [download] = await Promise.all([
        b.waitForEvent('download'),
        b.getByRole('banner').getByRole('link', { name: 'Download' }).click(),
      ])
      expect(download.suggestedFilename()).toBe('minutes.pdf')
      expect((await readFile(await download.path())).equals(pdf.buffer)).toBe(true)
    },
    // The image, whole.
    [pngName]: async () => {
      await expect(heading(b)).toHaveText('team-photo.png')
      const image = b.getByRole('img', { name: 'team-photo.png' })
      await expect(image).toBeVisible()
      await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(640)
    },
  }

  // From the newest, Next through all three (the last step with the keyboard).
  await b.goto(readerPath(names[0]!, postId))
  await expect(b.getByTestId('reader-meta')).toContainText('Ann Reader')
  await expect(b.getByRole('button', { name: 'Previous file' })).toBeDisabled()
  for (const [i, name] of names.entries()) {
    await expect(b).toHaveURL(readerPath(name, postId))
    await shows[name]!()
    if (i === 0) await b.getByRole('button', { name: 'Next file' }).click()
    if (i === 1) await b.keyboard.press('ArrowRight')
  }
  // The last file of a short page: nothing more.
  await expect(b.getByRole('button', { name: 'Next file' })).toBeDisabled()

  // Back through them to the first.
  await b.getByRole('button', { name: 'Previous file' }).click()
  await expect(b).toHaveURL(readerPath(names[1]!, postId))
  await b.keyboard.press('ArrowLeft')
  await expect(b).toHaveURL(readerPath(names[0]!, postId))
  await expect(b.getByRole('button', { name: 'Previous file' })).toBeDisabled()

  // On a phone, everything fits its width; the document's page shrinks to it, drawn again.
  await b.goto(readerPath(docxName, postId))
  const page = b.getByRole('img', { name: /^Page 1 of \d+$/ })
  await expectDrawn(page, 90_000)
  expect(await page.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(600)
  await b.setViewportSize(phoneViewport)
  for (const control of ['Close', 'Previous file', 'Next file'])
    await expect(b.getByRole('button', { name: control })).toBeInViewport()
  await expect(b.getByRole('banner').getByRole('link', { name: 'Download' })).toBeInViewport()
  expect(await b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    phoneViewport.width,
  )
  await expect
    .poll(async () => {
      const box = await page.boundingBox()
      return box === null ? Infinity : box.x + box.width
    })
    .toBeLessThanOrEqual(phoneViewport.width)
  await expect
    .poll(() => page.evaluate((c: HTMLCanvasElement) => c.width))
    .toBeLessThanOrEqual(phoneViewport.width)

  // Close: back to the post's discussion.
  await b.getByRole('button', { name: 'Close' }).click()
  await expect(b).toHaveURL(`/wall/discussion/${postId}`)
  await expect(b.getByTestId('comment-bubble')).toHaveCount(3)

  // C is no participant: to C the files are not there (404). The reader says the file is no
  // longer available and offers no download, which would only fail (docs/reader.md).
  const c = carol.page
  const answer = await carol.context.request.get(`/api/files/${encodeURIComponent(pngName)}`)
  expect(answer.status()).toBe(404)
  for (const [name, shown] of [
    [pngName, 'team-photo.png'],
    [pdfName, 'minutes.pdf'],
  ] as const) {
    await c.goto(readerPath(name, postId))
    await expect(heading(c)).toHaveText(shown)
    await expect(c.getByTestId('reader-gone')).toContainText('This file is no longer available.')
    await expect(c.getByRole('link', { name: 'Download' })).toHaveCount(0)
    await expect(c.getByText('No preview for this file.')).toHaveCount(0)
    await expect(c.getByRole('img', { name: shown })).toHaveCount(0)
    await expect(c.getByRole('button', { name: 'Next file' })).toHaveCount(0)
  }
})
