import type { Page } from '@playwright/test'
import {
  emitComment,
  emitPosts,
  expectOnline,
  postCard,
  saveContact,
  uniqueTag,
} from './support/members'
import { desktopViewport, expect, test } from './support/wall-test'

const desktop = desktopViewport

/**
 * A short mp4 recorded in the page itself (Chromium records mp4), 640×480: its size is known
 * only once the player has read its first bytes.
 */
const recordMp4 = (page: Page): Promise<Buffer> =>
  page
    .evaluate(async () => {
      const canvas = document.createElement('canvas')
      canvas.width = 640
      canvas.height = 480
      const context = canvas.getContext('2d')
      if (context === null) throw new Error('no 2d context')
      const recorder = new MediaRecorder(canvas.captureStream(25), {
        mimeType: 'video/mp4;codecs=vp9',
      })
      const chunks: Blob[] = []
      recorder.ondataavailable = (event) => chunks.push(event.data)
      let frame = 0
      const paint = () => {
        context.fillStyle = frame % 2 === 0 ? '#2563eb' : '#f97316'
        context.fillRect(0, 0, 640, 480)
        frame += 1
      }
      paint()
      const painter = setInterval(paint, 40)
      const stopped = new Promise((resolve) => (recorder.onstop = resolve))
      recorder.start()
      // Frames for a moment, then the file.
      await new Promise((resolve) => setTimeout(resolve, 500))
      recorder.stop()
      await stopped
      clearInterval(painter)
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer())
      let binary = ''
      for (const byte of bytes) binary += String.fromCharCode(byte)
      return btoa(binary)
    })
    .then((base64) => Buffer.from(base64, 'base64'))

test('the discussion ends at its bottom when its last comment is a video', async ({ signUp }) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Video ${tag}`, { viewport: desktop })
  const bob = await signUp(`Bob Video ${tag}`)
  await saveContact(bob, ann)
  const text = `Watch this ${tag}`
  await emitPosts(bob, [ann], [text])
  const a = ann.page
  await a.reload()
  await expectOnline(a)
  // Enough comments that the thread scrolls.
  for (let i = 0; i < 6; i++) await emitComment(bob, await postIdOf(a, text), `Line ${i} ${tag}`)
  await postCard(a, text).getByTestId('post-card-body').click()
  const thread = a.getByRole('log', { name: 'Comments' })
  await expect(thread.getByTestId('comment-bubble')).toHaveCount(6)

  const clip = await recordMp4(a)
  await a
    .getByTestId('discussion')
    .getByTestId('attach-input')
    .setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: clip })
  const video = thread.locator('video')
  await expect(video).toHaveCount(1)

  // Once the player knows the video's size (taller than the default box), the thread is still
  // scrolled to its very end.
  await expect
    .poll(
      () =>
        thread.evaluate((element) => {
          const player = element.querySelector('video')
          const known = player !== null && player.videoHeight > 0
          const tall = player !== null && player.getBoundingClientRect().height > 200
          const gap = element.scrollHeight - element.scrollTop - element.clientHeight
          return { known, tall, atBottom: gap <= 2 }
        }),
      { timeout: 120_000 },
    )
    .toEqual({ known: true, tall: true, atBottom: true })
  const last = thread.getByTestId('comment-bubble').last()
  const [threadBox, lastBox] = [await thread.boundingBox(), await last.boundingBox()]
  expect(lastBox!.y + lastBox!.height).toBeLessThanOrEqual(threadBox!.y + threadBox!.height + 1)
})

/** The id of the post a card shows. */
const postIdOf = async (page: Page, text: string): Promise<string> => {
  const id = await postCard(page, text).getAttribute('data-post-id')
  if (id === null) throw new Error(`no post ${text}`)
  return id
}

test('a searched wall does not bring the unread bubble back on the open discussion', async ({
  signUp,
}) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Search ${tag}`, { viewport: desktop })
  const bob = await signUp(`Bob Search ${tag}`)
  await saveContact(bob, ann)
  const text = `Findme ${tag}`
  await emitPosts(bob, [ann], [text])
  const a = ann.page
  await a.reload()
  await expectOnline(a)
  const id = await postIdOf(a, text)

  const search = a.getByRole('searchbox', { name: 'Search posts' })
  await search.fill(`Findme ${tag}`)
  await search.press('Enter')
  await expect(a.getByTestId('paging-counter')).toHaveText('1 - 1 of 1')
  await postCard(a, text).getByTestId('post-card-body').click()
  const thread = a.getByRole('log', { name: 'Comments' })
  const card = postCard(a, text)
  const list = a.locator('.centre__list')

  for (let i = 1; i <= 3; i++) {
    // Each comment makes the searched page be read again from the server.
    const reread = a.waitForResponse(
      (answer) => answer.url().includes(`/api/search/${ann.phone}/0/`) && answer.ok(),
    )
    await emitComment(bob, id, `Reply ${i} ${tag}`)
    await expect(thread.getByTestId('comment-bubble')).toHaveCount(i)
    await reread
    await expect(list).toHaveAttribute('aria-busy', 'false')
    await expect(card.getByRole('img', { name: /unread comment/ })).toHaveCount(0)
    await expect(card).toHaveAttribute('data-emphasized', 'false')
  }
})

test("'Read more' never cuts a link: the cut card keeps it whole and working", async ({
  signUp,
}) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Link ${tag}`, { viewport: desktop })
  const bob = await signUp(`Bob Link ${tag}`)
  await saveContact(bob, ann)
  const link = `https://example.org/minutes/2024/board-meeting-${tag}?annex=budget&lang=fr`
  const text = `${'Notes of the day. '.repeat(9)}See ${link} then the rest of it ${'x'.repeat(60)}`
  expect(text.indexOf(link)).toBeLessThan(200)
  expect(text.indexOf(link) + link.length).toBeGreaterThan(200)
  await emitPosts(bob, [ann], [text])
  const a = ann.page
  await a.reload()
  await expectOnline(a)
  const card = postCard(a, 'Notes of the day.')
  await expect(card.getByRole('button', { name: 'Read more...' })).toBeVisible()
  const shown = card.getByRole('link')
  await expect(shown).toHaveCount(1)
  await expect(shown).toHaveAttribute('href', link)
  await expect(shown).toHaveText(link)
  await expect(card.getByTestId('post-card-body')).toContainText(`${link}…`)
})

test("in French, the desktop composer's placeholder fits its field", async ({ signUp }) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Placeholder ${tag}`, { viewport: desktop })
  const bob = await signUp(`Bob Placeholder ${tag}`)
  await saveContact(bob, ann)
  await emitPosts(bob, [ann], [`Bonjour ${tag}`])
  const a = ann.page
  await a.evaluate(() => localStorage.setItem('palabre.language', 'fr'))
  await a.reload()
  await expectOnline(a)
  await postCard(a, `Bonjour ${tag}`).getByTestId('post-card-body').click()
  const composer = a.getByRole('textbox', { name: 'Votre message...' })
  const fits = await composer.evaluate((element: HTMLTextAreaElement) => {
    const style = getComputedStyle(element)
    const context = document.createElement('canvas').getContext('2d')
    if (context === null) return false
    context.font = style.font
    const room =
      element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    return context.measureText(element.placeholder).width <= room
  })
  expect(fits).toBe(true)
})
