import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/wall-test'
import { postCard, saveContact, uniqueTag } from './support/members'

/** The colours of a graded answer (docs/quizzes.md, "Correction"): the app's success and danger. */
const green = 'rgb(30, 122, 79)'
const red = 'rgb(198, 40, 40)'

const group = (scope: Locator, name: string) => scope.getByRole('group', { name, exact: true })

test('A creates a quiz with a recorded question and sends it to B; B answers; A reads the results', async ({
  signUp,
}) => {
  const ann = await signUp('Ann Quiz')
  const bob = await signUp('Bob Quiz')
  await saveContact(ann, bob)
  const tag = uniqueTag()
  const text = `Quiz post ${tag}`
  const title = `Safety ${tag}`
  const a = ann.page
  const b = bob.page

  // A writes a post and creates a quiz from the send modal (docs/quizzes.md, "Creating").
  await a.reload()
  await a.getByRole('button', { name: 'New Message' }).click()
  const sendModal = a.getByRole('dialog', { name: 'New Message' })
  await sendModal.getByRole('checkbox', { name: new RegExp(bob.name) }).check()
  await sendModal.getByRole('textbox', { name: /message/i }).fill(text)
  await sendModal.getByRole('button', { name: 'New quiz' }).click()
  const quiz = a.getByRole('dialog', { name: 'New quiz' })
  await expect(quiz).toBeVisible()
  const create = quiz.getByRole('button', { name: 'Create the quiz' })
  await expect(create).toBeDisabled()

  // The first question is recorded: the microphone is Chromium's fake one (a tone).
  const first = group(quiz, 'Question 1')
  const recorder = group(first, 'Recording of question 1')
  await recorder.getByRole('button', { name: 'Record' }).click()
  await expect(recorder.getByText('Recording...')).toBeVisible()
  await expect(recorder).toHaveAttribute('data-state', 'recording')
  // The recording runs while the rest of the question is written.
  await quiz.getByRole('textbox', { name: 'Title' }).fill(title)
  await first.getByRole('textbox', { name: 'Question 1', exact: true }).fill('Which are colours?')
  const answer = (question: Locator, n: number) =>
    question.getByRole('textbox', { name: `Answer ${n}`, exact: true })
  await expect(answer(first, 1)).toHaveValue('✓')
  await expect(answer(first, 2)).toHaveValue('✗')
  await answer(first, 1).fill('Red')
  await answer(first, 2).fill('Blue')
  await first.getByRole('button', { name: '+ Add an answer' }).click()
  await answer(first, 3).fill('Seven')
  await group(first, 'Answer 1').getByRole('checkbox', { name: 'Correct answer' }).check()
  await group(first, 'Answer 2').getByRole('checkbox', { name: 'Correct answer' }).check()
  await first.getByRole('spinbutton', { name: 'Points' }).fill('2')
  await recorder.getByRole('button', { name: 'Stop' }).click()
  await expect(recorder).toHaveAttribute('data-state', 'recorded')
  await expect(recorder.getByText('Recorded')).toBeVisible()
  await expect(recorder.getByText('Recording...')).toBeHidden()
  await expect(recorder.getByRole('alert')).toHaveCount(0)
  await recorder.getByRole('button', { name: 'Play' }).click()
  await recorder.getByRole('button', { name: 'Stop' }).click()
  await expect(recorder.getByRole('button', { name: 'Play' })).toBeVisible()

  // The second question is eliminatory.
  await quiz.getByRole('button', { name: '+ Add a question' }).click()
  const second = group(quiz, 'Question 2')
  await second
    .getByRole('textbox', { name: 'Question 2', exact: true })
    .fill('Is the exit on the left?')
  await group(second, 'Answer 1').getByRole('checkbox', { name: 'Correct answer' }).check()
  await second.getByRole('spinbutton', { name: 'Points' }).fill('1')
  await second.getByRole('checkbox', { name: 'Eliminatory' }).check()
  await expect(create).toBeEnabled()
  await create.click()
  await expect(quiz).toBeHidden()

  // The quiz joins the post's files; the post goes with it.
  await expect(sendModal.getByTestId('picked-file')).toHaveText(`Quiz: ${title}×`)
  await sendModal.getByRole('button', { name: 'Send' }).click()
  await expect(sendModal).toBeHidden()

  // B opens the discussion: the quiz's card is there (docs/quizzes.md, "The card").
  const onB = postCard(b, text)
  await expect(onB).toBeVisible()
  await onB.getByRole('button', { name: 'Comment' }).click()
  const cardOfB = b.getByTestId('discussion').getByTestId('poll-card')
  await expect(cardOfB).toContainText(title)
  const openOnB = cardOfB.getByRole('button', { name: `Open the quiz ${title}` })
  await openOnB.click()
  const answering = b.getByRole('dialog', { name: title })
  const questions = answering.getByTestId('poll-question')
  await expect(questions).toHaveCount(2)
  await expect(questions.nth(1)).toContainText('(Eliminatory)')
  await expect(questions.nth(0)).not.toContainText('(Eliminatory)')
  // B may hear the recording: the server gives it to a reader of the quiz (docs/files.md).
  const audio = questions.nth(0).getByLabel('Recording of the question')
  const audioUrl = await audio.getAttribute('src')
  expect(audioUrl).toMatch(/^\/api\/files\/recording.*\.webm$/)
  expect((await b.request.get(audioUrl ?? '')).status()).toBe(200)

  // B answers, one answer wrong: Red and Seven (Red and Blue are right), then ✓ (right).
  const submit = answering.getByRole('button', { name: 'Submit the quiz' })
  await expect(submit).toBeDisabled()
  await questions.nth(0).getByRole('checkbox', { name: 'Red' }).check()
  await questions.nth(0).getByRole('checkbox', { name: 'Seven' }).check()
  await expect(submit).toBeDisabled()
  await questions.nth(1).getByRole('checkbox', { name: '✓' }).check()
  await submit.click()

  // 1 point of 3: the eliminatory question is right, so the grade stands. Graded, the
  // response has nothing left to submit (docs/quizzes.md, "Answering").
  await expect(answering.getByText('Your grade: 33%')).toBeVisible()
  await expect(submit).toHaveCount(0)
  const answers = answering.getByTestId('poll-answer')
  await expect(answers).toHaveCount(5)
  const expected = [
    ['correct', green],
    ['correct', green],
    ['wrong', red],
    ['correct', green],
    ['neutral', 'rgb(0, 0, 0)'],
  ] as const
  for (const [index, [mark, colour]] of expected.entries()) {
    await expect(answers.nth(index)).toHaveAttribute('data-mark', mark)
    await expect(answers.nth(index)).toHaveCSS('color', colour)
  }
  await expect(answers.nth(2)).toContainText('wrong choice')
  for (const box of await answering.getByRole('checkbox').all()) await expect(box).toBeDisabled()

  // Opened again, the card shows B's response, locked.
  await answering.getByRole('button', { name: 'Close' }).click()
  await expect(answering).toBeHidden()
  await openOnB.click()
  await expect(answering.getByText('Your grade: 33%')).toBeVisible()
  await expect(answering.getByRole('checkbox', { name: /^Seven/ })).toBeChecked()
  await expect(answering.getByRole('checkbox', { name: /^Seven/ })).toBeDisabled()
  await expect(answering.getByRole('button', { name: 'Submit the quiz' })).toHaveCount(0)

  // A, the creator, gets the results and B's correction (docs/quizzes.md, "Results").
  const onA = postCard(a, text)
  await onA.getByRole('button', { name: 'Comment' }).click()
  const cardOfA = a.getByTestId('discussion').getByTestId('poll-card')
  await cardOfA.getByRole('button', { name: `Open the quiz ${title}` }).click()
  const results = a.getByRole('dialog', { name: title })
  await expect(results.getByRole('heading', { name: "Participants' results (1)" })).toBeVisible()
  const row = results.getByTestId('poll-result')
  await expect(row).toHaveCount(1)
  await expect(row.getByRole('rowheader')).toHaveText(bob.name)
  await expect(row.getByRole('cell')).toHaveText('33')
  await row.getByRole('button', { name: bob.name }).click()
  await expect(results.getByRole('heading', { name: `Correction for ${bob.name}` })).toBeVisible()
  await expect(results.getByTestId('poll-answer').nth(2)).toHaveAttribute('data-mark', 'wrong')
  await results.getByRole('button', { name: 'Back' }).click()
  await expect(results.getByRole('heading', { name: "Participants' results (1)" })).toBeVisible()
})

/** Switches a person's wall to French with its own toggle (docs/languages.md). */
const toFrench = async (page: Page) => {
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'FR' }).click()
  await expect(page.getByRole('button', { name: 'Nouveau message' }).first()).toBeVisible()
}

/** None of the quiz screens' English texts is in `scope`. */
const expectNoEnglish = async (scope: Locator) => {
  for (const english of ['Your grade', 'Submit the quiz', 'Eliminatory', 'results', 'Grade'])
    await expect(scope).not.toContainText(english)
}

test('in French, every quiz screen is in French: creating, answering, the results', async ({
  signUp,
}) => {
  const ann = await signUp('Ann Quiz FR')
  const bob = await signUp('Bob Quiz FR')
  await saveContact(ann, bob)
  const tag = uniqueTag()
  const text = `QCM ${tag}`
  const title = `Sécurité ${tag}`
  const a = ann.page
  const b = bob.page
  await a.reload()
  await toFrench(a)
  await toFrench(b)

  // Creating: the French labels, the product's French field messages.
  await a.getByRole('button', { name: 'Nouveau message' }).first().click()
  const sendModal = a.getByRole('dialog', { name: 'Nouveau message' })
  await sendModal.getByRole('checkbox', { name: new RegExp(bob.name) }).check()
  await sendModal.getByRole('textbox', { name: 'Message' }).fill(text)
  await sendModal.getByRole('button', { name: 'Nouveau QCM' }).click()
  const quiz = a.getByRole('dialog', { name: 'Nouveau QCM' })
  await quiz.getByRole('textbox', { name: 'Titre' }).click()
  await quiz.getByRole('textbox', { name: 'Question 1', exact: true }).click()
  await expect(quiz.getByText('Le titre est requis.')).toBeVisible()
  await quiz.getByRole('textbox', { name: 'Titre' }).fill(title)
  await quiz.getByRole('textbox', { name: 'Question 1', exact: true }).fill('La sortie ?')
  await group(quiz, 'Réponse 1').getByRole('checkbox', { name: 'Bonne réponse' }).check()
  await quiz.getByRole('spinbutton', { name: 'Points' }).fill('1')
  await quiz.getByRole('checkbox', { name: 'Éliminatoire' }).check()
  await expect(quiz).not.toContainText('Each question')
  await quiz.getByRole('button', { name: 'Créer le QCM' }).click()
  await expect(quiz).toBeHidden()
  await sendModal.getByRole('button', { name: 'Envoyer' }).click()
  await expect(sendModal).toBeHidden()

  // Answering: '(Éliminatoire)', 'Valider le QCM', then 'Votre note : 100%'.
  await postCard(b, text).getByRole('button', { name: 'Commenter' }).click()
  const cardOfB = b.getByTestId('discussion').getByTestId('poll-card')
  await cardOfB.getByRole('button', { name: `Ouvrir le QCM ${title}` }).click()
  const answering = b.getByRole('dialog', { name: title })
  await expect(answering.getByTestId('poll-question')).toContainText('(Éliminatoire)')
  await answering.getByRole('checkbox', { name: '✓' }).check()
  await answering.getByRole('button', { name: 'Valider le QCM' }).click()
  await expect(answering.getByText('Votre note : 100%')).toBeVisible()
  await expect(answering.getByRole('button', { name: 'Valider le QCM' })).toHaveCount(0)
  await expectNoEnglish(answering)

  // The results and a correction, for the creator.
  await postCard(a, text).getByRole('button', { name: 'Commenter' }).click()
  const cardOfA = a.getByTestId('discussion').getByTestId('poll-card')
  await cardOfA.getByRole('button', { name: `Ouvrir le QCM ${title}` }).click()
  const results = a.getByRole('dialog', { name: title })
  await expect(
    results.getByRole('heading', { name: 'Résultats des participants (1)' }),
  ).toBeVisible()
  await expect(results.getByRole('columnheader')).toHaveText(['Nom du participant', 'Note (%)'])
  await expectNoEnglish(results)
  await results.getByRole('button', { name: bob.name }).click()
  await expect(results.getByRole('heading', { name: `Correction pour ${bob.name}` })).toBeVisible()
  await expect(results.getByText('Note : 100%')).toBeVisible()
  await expectNoEnglish(results)
})
