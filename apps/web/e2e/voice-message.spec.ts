import { expectOnline, postCard, saveContact, uniqueTag } from './support/members'
import { attachScreenshot, expectNoSeriousViolations } from './support/screens'
import { seedPost } from './support/seed'
import { expect, phoneViewport, test } from './support/wall-test'

/**
 * Voice messages (docs/wall.md, "Voice messages"): recorded in the discussion footer with
 * Chromium's fake microphone (a tone), here at phone width, sent as a comment, and heard by the
 * other member at desktop width, its length known before it plays.
 */
test('a member records a voice message of about 2 s; the other hears it, its length known', async ({
  signUp,
}, testInfo) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Voice${tag}`, { viewport: phoneViewport })
  const bob = await signUp(`Bob Voice${tag}`)
  await saveContact(ann, bob)
  const text = `Listen to this ${tag}`
  await seedPost(ann, { people: [bob] }, text)

  // Ann, on her phone, records about two seconds and sends them.
  const a = ann.page
  await a.reload()
  await expectOnline(a)
  await postCard(a, text).getByRole('button', { name: 'Comment' }).click()
  const discussionOfA = a.getByTestId('discussion')
  const record = discussionOfA.getByRole('button', { name: 'Record a voice message' })
  const recorder = discussionOfA.getByRole('group', { name: 'Voice message' })
  // A first try is cancelled: nothing is sent, the footer is back.
  await record.click()
  await expect(recorder.getByRole('timer')).toHaveText(/^Recording 0:0\d$/)
  await expectNoSeriousViolations(a, testInfo, 'the recorder at phone width')
  await attachScreenshot(a, testInfo, 'recording-phone')
  await recorder.getByRole('button', { name: 'Cancel the voice message' }).click()
  await expect(discussionOfA.getByRole('textbox', { name: 'Message...' })).toBeVisible()
  // The second goes: about two seconds.
  await record.click()
  await expect(recorder.getByRole('timer')).toHaveText('Recording 0:02')
  await recorder.getByRole('button', { name: 'Send the voice message' }).click()
  const mine = discussionOfA.getByTestId('comment-bubble').filter({
    has: a.getByTestId('voice-message'),
  })
  await expect(mine).toHaveAttribute('data-self', 'true')
  // Stored: its ticks, as any comment's.
  await expect(mine.getByRole('img', { name: /^(Sent|Delivered|Read)$/ })).toBeVisible()
  await expect(record).toBeVisible()
  await expect(discussionOfA.getByTestId('voice-message')).toHaveCount(1)

  // Bob opens the discussion: a voice player that knows its length before it plays.
  const b = bob.page
  await postCard(b, text).getByRole('button', { name: 'Comment' }).click()
  const voice = b.getByTestId('discussion').getByTestId('voice-message')
  await expect(voice).toHaveAttribute('aria-label', /^Voice message, 0:0[1-3]$/)
  const shown = (await voice.getByTestId('voice-duration').textContent()) ?? ''
  expect(shown).toMatch(/^0:0[1-3]$/)
  const audio = voice.locator('audio')
  await expect
    .poll(() =>
      audio.evaluate((el: HTMLAudioElement) =>
        el.readyState >= HTMLMediaElement.HAVE_METADATA ? el.duration : null,
      ),
    )
    .not.toBeNull()
  const duration = await audio.evaluate((el: HTMLAudioElement) => el.duration)
  expect(duration).toBeGreaterThan(1.5)
  expect(duration).toBeLessThan(4)

  // It plays: its position moves on.
  await voice.getByRole('button', { name: 'Play the voice message' }).click()
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 120_000 })
    .toBeGreaterThan(0.2)
  await expectNoSeriousViolations(b, testInfo, 'the voice message')
  await expectNoSeriousViolations(a, testInfo, 'the sent voice message at phone width')
  await attachScreenshot(b, testInfo, 'voice-message')
  await attachScreenshot(a, testInfo, 'voice-message-phone')
})
