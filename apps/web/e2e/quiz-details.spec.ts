import type { Locator } from '@playwright/test'
import { expectOnline, postCard, saveContact, uniqueTag } from './support/members'
import { expectNoSeriousViolations } from './support/screens'
import { seedPost, seedQuiz } from './support/seed'
import { desktopViewport, expect, phoneViewport, test } from './support/wall-test'

/**
 * The quiz screens' details (docs/quizzes.md): recordings, long titles, a graded response, the
 * reason of a grade an eliminatory question decided.
 */

const group = (scope: Locator, name: string) => scope.getByRole('group', { name, exact: true })

/**
 * A player that knows how long its recording lasts without having played it: its metadata is
 * read, its duration is a finite number of seconds, and it has played nothing.
 */
const expectDurationBeforePlaying = async (player: Locator) => {
  await expect
    .poll(() =>
      player.evaluate((audio: HTMLAudioElement) =>
        audio.readyState >= HTMLMediaElement.HAVE_METADATA ? audio.duration : null,
      ),
    )
    .not.toBeNull()
  const { duration, played, paused } = await player.evaluate((audio: HTMLAudioElement) => ({
    duration: audio.duration,
    played: audio.played.length,
    paused: audio.paused,
  }))
  // A MediaRecorder file as recorded reads Infinity here, and '0:00' on the player.
  expect(Number.isFinite(duration)).toBe(true)
  expect(duration).toBeGreaterThan(0)
  expect([played, paused]).toEqual([0, true])
}

test('a recording knows its duration before it is played: in the recorder, and to whoever answers', async ({
  signUp,
}) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Rec${tag}`)
  const bob = await signUp(`Bob Rec${tag}`)
  await saveContact(ann, bob)
  const text = `Listen ${tag}`
  const title = `Listening ${tag}`
  await seedPost(ann, { people: [bob] }, text)

  // A records a question with Chromium's fake microphone, in a quiz from the discussion.
  const a = ann.page
  await a.reload()
  await expectOnline(a)
  await postCard(a, text).getByRole('button', { name: 'Comment' }).click()
  const discussionOfA = a.getByTestId('discussion')
  await discussionOfA.getByRole('button', { name: 'New quiz' }).click()
  const quiz = a.getByRole('dialog', { name: 'New quiz' })
  const first = group(quiz, 'Question 1')
  const recorder = group(first, 'Recording of question 1')
  await recorder.getByRole('button', { name: 'Record' }).click()
  await expect(recorder).toHaveAttribute('data-state', 'recording')
  // The recording runs while the question is written.
  await quiz.getByRole('textbox', { name: 'Title' }).fill(title)
  await first.getByRole('textbox', { name: 'Question 1', exact: true }).fill('What do you hear?')
  await group(first, 'Answer 1').getByRole('checkbox', { name: 'Correct answer' }).check()
  await recorder.getByRole('button', { name: 'Stop' }).click()
  await expect(recorder).toHaveAttribute('data-state', 'recorded')

  // The recorder plays the stored file, whose header the server completed (docs/files.md).
  const recorded = recorder.locator('audio')
  await expect(recorded).toHaveAttribute('src', /^\/api\/files\/recording-.*\.webm$/)
  await expectDurationBeforePlaying(recorded)

  await quiz.getByRole('button', { name: 'Create the quiz' }).click()
  await expect(quiz).toBeHidden()
  await expect(discussionOfA.getByTestId('poll-card')).toContainText(title)

  // B opens it: the question's player shows the recording's length before anything plays.
  const b = bob.page
  await b.reload()
  await expectOnline(b)
  await postCard(b, text).getByRole('button', { name: 'Comment' }).click()
  await b
    .getByTestId('discussion')
    .getByRole('button', { name: `Open the quiz ${title}` })
    .click()
  const answering = b.getByRole('dialog', { name: title })
  const player = answering.getByLabel('Recording of the question')
  await expect(player).toHaveAttribute('controls', '')
  await expectDurationBeforePlaying(player)
})

test('a recording made as it goes has no duration; the audio upload gives it one', async ({
  signUp,
}) => {
  const ann = await signUp(`Ann Live${uniqueTag()}`)
  // Recorded in the page with Chromium's fake microphone, in slices as a recorder that keeps
  // what it has (or another browser) writes it: a webm with no Duration in its header. Then
  // uploaded as the quiz's recorder does, and both timed by the browser before any playing.
  const timed = await ann.page.evaluate(async () => {
    const durationOf = (src: string) =>
      new Promise<number>((resolve, reject) => {
        const audio = new Audio()
        audio.preload = 'metadata'
        audio.onloadedmetadata = () => resolve(audio.duration)
        audio.onerror = () => reject(new Error(`cannot read ${src}`))
        audio.src = src
      })
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm' })
    const chunks: Blob[] = []
    recorder.ondataavailable = (event) => chunks.push(event.data)
    const stopped = new Promise((resolve) => (recorder.onstop = resolve))
    recorder.start(100)
    // The length of the recording: a second of the fake microphone's tone.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    recorder.stop()
    await stopped
    for (const track of stream.getTracks()) track.stop()
    const blob = new Blob(chunks, { type: 'audio/webm' })
    const asRecorded = await durationOf(URL.createObjectURL(blob))
    const form = new FormData()
    form.append('fileToUpload', blob, 'live.webm')
    const answer = await fetch('/api/upload/audio', { method: 'POST', body: form })
    const [code, name] = (await answer.text()).split('#')
    const stored = await durationOf(`/api/files/${encodeURIComponent(name ?? '')}`)
    return { asRecorded, code, stored }
  })
  expect(timed.code).toBe('200')
  expect(timed.asRecorded).toBe(Infinity)
  expect(Number.isFinite(timed.stored)).toBe(true)
  expect(timed.stored).toBeGreaterThan(0.5)
  expect(timed.stored).toBeLessThan(30)
})

test('on a phone, a long question wraps inside its box; graded, nothing is left to submit', async ({
  signUp,
}) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Long${tag}`)
  const bob = await signUp(`Bob Long${tag}`, { viewport: phoneViewport })
  await saveContact(ann, bob)
  const title = `Exits ${tag}`
  const long =
    'Which of these colours can be seen on the safety signs placed near the emergency exits of the building?'
  const quiz = await seedQuiz(ann, {
    title,
    questions: [
      {
        isAudio: false,
        questionText: long,
        possibleAnswers: [
          { text: 'Green', isAudio: false, isCorrect: true },
          { text: 'Purple', isAudio: false, isCorrect: false },
        ],
        points: 1,
        isEliminatory: false,
      },
    ],
  })
  const text = `Long quiz ${tag}`
  await seedPost(ann, { people: [bob] }, text, [{ fileDocName: quiz.fileName }])

  const b = bob.page
  await b.reload()
  await expectOnline(b)
  await postCard(b, text).getByRole('button', { name: 'Comment' }).click()
  const openQuiz = b
    .getByTestId('discussion')
    .getByRole('button', { name: `Open the quiz ${title}` })
  await openQuiz.click()
  const answering = b.getByRole('dialog', { name: title })
  const question = answering.getByTestId('poll-question')
  const heading = question.getByText(`1. ${long}`)
  await expect(heading).toBeVisible()

  // The title takes several lines, all inside the box: under its top border, above what follows.
  const box = await question.boundingBox()
  const lines = await heading.boundingBox()
  const points = await question.getByText('1 point').boundingBox()
  const fontSize = await heading.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))
  if (box === null || lines === null || points === null) throw new Error('not laid out')
  expect(lines.height).toBeGreaterThan(2 * fontSize)
  expect(lines.y).toBeGreaterThan(box.y)
  expect(lines.x).toBeGreaterThanOrEqual(box.x)
  expect(lines.x + lines.width).toBeLessThanOrEqual(box.x + box.width)
  expect(points.y).toBeGreaterThanOrEqual(lines.y + lines.height)
  expect(points.y + points.height).toBeLessThanOrEqual(box.y + box.height)

  // Answered: the grade, the locked answers, and no submit button, here or on opening it again.
  const submit = answering.getByRole('button', { name: 'Submit the quiz' })
  await answering.getByRole('checkbox', { name: 'Green' }).check()
  await submit.click()
  const grade = answering.getByText('Your grade: 100%')
  await expect(grade).toBeVisible()
  await expect(submit).toHaveCount(0)
  await expect(grade).toBeFocused()
  await expect(answering.getByRole('checkbox', { name: /^Green/ })).toBeDisabled()
  await answering.getByRole('button', { name: 'Close' }).click()
  await expect(answering).toBeHidden()
  await openQuiz.click()
  await expect(answering.getByText('Your grade: 100%')).toBeVisible()
  await expect(submit).toHaveCount(0)
})

test('in French on a desktop, a missed eliminatory question is named beside the 0% it decided', async ({
  signUp,
}, testInfo) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Elim${tag}`)
  const bob = await signUp(`Bob Elim${tag}`, { viewport: desktopViewport })
  await saveContact(ann, bob)
  const title = `Sécurité ${tag}`
  const quiz = await seedQuiz(ann, {
    title,
    questions: [
      {
        isAudio: false,
        questionText: 'Quelles sont des couleurs ?',
        possibleAnswers: [
          { text: 'Rouge', isAudio: false, isCorrect: true },
          { text: 'Bleu', isAudio: false, isCorrect: true },
          { text: 'Sept', isAudio: false, isCorrect: false },
        ],
        points: 2,
        isEliminatory: false,
      },
      {
        isAudio: false,
        questionText: 'La sortie de secours est-elle à gauche ?',
        possibleAnswers: [
          { text: 'Oui', isAudio: false, isCorrect: true },
          { text: 'Non', isAudio: false, isCorrect: false },
        ],
        points: 1,
        isEliminatory: true,
      },
    ],
  })
  const text = `Quiz éliminatoire ${tag}`
  await seedPost(ann, { people: [bob] }, text, [{ fileDocName: quiz.fileName }])

  const b = bob.page
  await b.evaluate(() => localStorage.setItem('palabre.language', 'fr'))
  await b.reload()
  await expectOnline(b)
  await postCard(b, text).getByTestId('post-card-body').click()
  await b
    .getByTestId('discussion')
    .getByRole('button', { name: `Ouvrir le QCM ${title}` })
    .click()
  const answering = b.getByRole('dialog', { name: title })
  const [first, second] = [0, 1].map((n) => answering.getByTestId('poll-question').nth(n))
  // The first question right (2 points), the eliminatory one wrong.
  await first!.getByRole('checkbox', { name: 'Rouge' }).check()
  await first!.getByRole('checkbox', { name: 'Bleu' }).check()
  await second!.getByRole('checkbox', { name: 'Non' }).check()
  await answering.getByRole('button', { name: 'Valider le QCM' }).click()

  const grade = answering.getByText('Votre note : 0%')
  await expect(grade).toBeFocused()
  const reason = answering.getByTestId('poll-eliminated')
  await expect(reason).toHaveText(
    'La question 2 est éliminatoire et sa réponse est fausse : la note est donc de 0%.',
  )
  // Read with the grade, not told by colour alone.
  await expect(grade).toHaveAccessibleDescription(
    'La question 2 est éliminatoire et sa réponse est fausse : la note est donc de 0%.',
  )
  await expect(first!.getByText('Points obtenus : 2 sur 2')).toBeVisible()
  await expect(second!.getByText('Points obtenus : 0 sur 1')).toBeVisible()
  // Shown beside the grade, right under it.
  const gradeBox = await grade.boundingBox()
  const reasonBox = await reason.boundingBox()
  const firstBox = await first!.boundingBox()
  if (gradeBox === null || reasonBox === null || firstBox === null) throw new Error('not laid out')
  expect(reasonBox.y).toBeGreaterThanOrEqual(gradeBox.y + gradeBox.height)
  expect(reasonBox.y + reasonBox.height).toBeLessThanOrEqual(firstBox.y)

  await expectNoSeriousViolations(b, testInfo, 'the correction after an eliminatory miss')

  const shot = testInfo.outputPath('quiz-eliminatory-correction-fr.png')
  await answering.screenshot({ path: shot })
  await testInfo.attach('quiz-eliminatory-correction-fr', { path: shot, contentType: 'image/png' })
})
