import { samplePdf, samplePng } from '@palabre/testing/sample-files'
import type { Locator, Page, TestInfo } from '@playwright/test'
import { readerPath } from '../src/lib/paths'
import { expectOnline, postCard, saveContact, uniqueTag } from './support/members'
import { attachScreenshot, expectNoSeriousViolations } from './support/screens'
import { seedFolder, seedPost, seedQuiz, seedUpload } from './support/seed'
import { expect, phoneViewport, test } from './support/wall-test'

/**
 * The signed-in screens at both widths the product is tried at, 1366x850 and 390x844: the wall,
 * a discussion, every modal of the wall (docs/wall.md, "Modals"), the reader (docs/reader.md)
 * and each quiz modal (docs/quizzes.md), each checked by axe (no serious or critical
 * violation), with full-page screenshots of the wall, the discussion, the reader and the quiz
 * screens attached to the test as artifacts of the run.
 */

const widths = [
  { label: 'desktop', viewport: { width: 1366, height: 850 } },
  { label: 'phone', viewport: phoneViewport },
] as const

type Width = (typeof widths)[number]

const isPhone = (width: Width) => width.viewport.width <= 430

/** Checks the page with axe, then, when named, attaches its screenshot. */
const look = async (page: Page, testInfo: TestInfo, where: string, screenshot?: string) => {
  await expectNoSeriousViolations(page, testInfo, where)
  if (screenshot !== undefined) await attachScreenshot(page, testInfo, screenshot)
}

/** Closes the dialog on screen with Escape, as a person would, and waits for it to go. */
const dismiss = async (page: Page, dialog: Locator) => {
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

for (const width of widths) {
  test.describe(`at ${width.viewport.width}x${width.viewport.height}`, () => {
    const viewport = { viewport: width.viewport }

    test(`${width.label}: the wall, a discussion and every modal of the wall`, async ({
      signUp,
    }, testInfo) => {
      const tag = uniqueTag()
      const ann = await signUp(`Ann S${tag}`, viewport)
      const bob = await signUp(`Bob S${tag}`, viewport)
      const cat = await signUp(`Cat S${tag}`, viewport)
      const dan = await signUp(`Dan S${tag}`, viewport)
      for (const other of [bob, cat, dan]) await saveContact(ann, other)
      await saveContact(bob, ann)
      const office = `Office ${tag}`
      const idGroup = await seedFolder(ann, office, [bob])
      const agenda = `Agenda for Monday ${tag}: https://example.org/agenda`
      await seedPost(bob, { people: [ann] }, agenda, [{ cmt: `I will be there ${tag}` }])
      // To a folder and to two people: the card names the folder and the people, with an info
      // button for each.
      const plan = `Plan for the week ${tag}`
      await seedPost(ann, { folders: [{ idGroup, name: office }], people: [cat, dan] }, plan)

      const a = ann.page
      await a.reload()
      await expectOnline(a)
      await expect(postCard(a, agenda)).toBeVisible()
      await expect(postCard(a, plan)).toBeVisible()
      await look(a, testInfo, `the wall (${width.label})`, `wall-${width.label}`)

      /** The lists of folders and contacts: the left column, or a phone's filter panel. */
      const lists = async (): Promise<Locator> => {
        if (!isPhone(width)) return a.locator('body')
        const panel = a.locator('nav#wall-filters')
        if (!(await panel.isVisible()))
          await a.getByRole('button', { name: 'Folders and contacts' }).click()
        await expect(panel).toBeVisible()
        return panel
      }
      const closeLists = async () => {
        if (!isPhone(width)) return
        const panel = a.locator('nav#wall-filters')
        if (await panel.isVisible())
          await a.getByRole('button', { name: 'Folders and contacts' }).click()
        await expect(panel).toHaveCount(0)
      }

      if (isPhone(width)) {
        const panel = await lists()
        await expect(panel.getByTestId('folder-item')).toHaveText([office])
        await look(a, testInfo, 'the filter panel (phone)', 'filters-phone')
      }

      // The send modal.
      await closeLists()
      await a.getByRole('button', { name: 'New Message' }).click()
      const send = a.getByRole('dialog', { name: 'New Message' })
      await expect(send.getByRole('checkbox', { name: new RegExp(bob.name) })).toBeVisible()
      await look(a, testInfo, `the send modal (${width.label})`)
      await dismiss(a, send)

      // A new contact, a new folder, a contact's card.
      await (await lists()).getByRole('button', { name: 'New contact' }).click()
      const newContact = a.getByRole('dialog', { name: 'Save a new contact !' })
      await expect(newContact.getByLabel('Contact name')).toBeVisible()
      await look(a, testInfo, `the new contact modal (${width.label})`)
      await dismiss(a, newContact)

      await (await lists()).getByRole('button', { name: 'New shared folder' }).click()
      const newFolder = a.getByRole('dialog', { name: 'Create a new shared folder' })
      await expect(newFolder.getByLabel('Folder name')).toBeVisible()
      await look(a, testInfo, `the new folder modal (${width.label})`)
      await dismiss(a, newFolder)

      await (await lists()).getByRole('button', { name: `About ${bob.name}` }).click()
      const contactCard = a.getByRole('dialog', { name: bob.name })
      await expect(contactCard).toContainText(`+${bob.phone}`)
      await look(a, testInfo, `the contact card (${width.label})`)
      await dismiss(a, contactCard)

      // The folder's card, the confirmation of a removal, adding participants.
      await closeLists()
      await postCard(a, plan)
        .getByRole('button', { name: `Folder info: ${office}` })
        .click()
      const folderCard = a.getByRole('dialog', { name: office })
      await expect(folderCard.getByRole('button', { name: `Remove ${bob.name}` })).toBeVisible()
      await look(a, testInfo, `the folder card (${width.label})`)
      await folderCard.getByRole('button', { name: `Remove ${bob.name}` }).click()
      const confirm = a.getByRole('alertdialog', {
        name: `Remove ${bob.name} from the ${office} folder?`,
      })
      await expect(confirm.getByRole('button', { name: 'No' })).toBeFocused()
      await look(a, testInfo, `the confirm dialog (${width.label})`)
      await confirm.getByRole('button', { name: 'No' }).click()
      await expect(confirm).toBeHidden()
      await folderCard.getByRole('button', { name: 'Add', exact: true }).click()
      const addParticipants = a.getByRole('dialog', { name: 'Add participants' })
      await expect(
        addParticipants.getByRole('checkbox', { name: new RegExp(cat.name) }),
      ).toBeVisible()
      await look(a, testInfo, `the add participants modal (${width.label})`)
      await a.keyboard.press('Escape')
      await expect(addParticipants).toBeHidden()
      if (await folderCard.isVisible()) await dismiss(a, folderCard)

      // The post's recipients.
      await postCard(a, plan).getByRole('button', { name: 'All recipients' }).click()
      const postInfo = a.getByRole('dialog', { name: 'Post info' })
      await expect(postInfo).toContainText(dan.name)
      await look(a, testInfo, `the post info modal (${width.label})`)
      await dismiss(a, postInfo)

      // A discussion.
      await postCard(a, agenda).getByRole('button', { name: 'Comment' }).click()
      const discussion = a.getByTestId('discussion')
      await expect(discussion.getByTestId('comment-bubble')).toHaveCount(1)
      await look(a, testInfo, `a discussion (${width.label})`, `discussion-${width.label}`)
    })

    test(`${width.label}: the reader, on an image and on a PDF`, async ({ signUp }, testInfo) => {
      const tag = uniqueTag()
      const ann = await signUp(`Ann R${tag}`, viewport)
      const bob = await signUp(`Bob R${tag}`, viewport)
      await saveContact(ann, bob)
      const png = await seedUpload(ann, 'image', {
        name: 'team-photo.png',
        mimeType: 'image/png',
        buffer: samplePng(640, 480),
      })
      const pdf = await seedUpload(ann, 'file', {
        name: 'minutes.pdf',
        mimeType: 'application/pdf',
        buffer: samplePdf('Minutes', 2),
      })
      const postId = await seedPost(ann, { people: [bob] }, `Files ${tag}`, [
        { image: png },
        { fileDocName: pdf },
      ])
      const b = bob.page

      await b.goto(readerPath(png, postId))
      await expect(b.getByTestId('reader-meta')).toContainText(ann.name)
      const image = b.getByRole('img', { name: 'team-photo.png' })
      await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(640)
      await look(
        b,
        testInfo,
        `the reader on an image (${width.label})`,
        `reader-image-${width.label}`,
      )

      await b.goto(readerPath(pdf, postId))
      await expect(b.getByTestId('reader-meta')).toContainText(ann.name)
      const page = b.getByRole('img', { name: 'Page 1 of 2' })
      await expect(page).toBeVisible()
      await expect
        .poll(() => page.evaluate((c: HTMLCanvasElement) => c.width * c.height))
        .toBeGreaterThan(0)
      await look(b, testInfo, `the reader on a PDF (${width.label})`, `reader-pdf-${width.label}`)
    })

    test(`${width.label}: each quiz modal, creating, answering, the results, a correction`, async ({
      signUp,
    }, testInfo) => {
      const tag = uniqueTag()
      const ann = await signUp(`Ann Q${tag}`, viewport)
      const bob = await signUp(`Bob Q${tag}`, viewport)
      await saveContact(ann, bob)
      await saveContact(bob, ann)
      const title = `Fire drill ${tag}`
      const quiz = await seedQuiz(ann, {
        title,
        questions: [
          {
            isAudio: false,
            questionText:
              'Which of these colours can be seen on the safety signs near the emergency exits?',
            possibleAnswers: [
              { text: 'Green', isAudio: false, isCorrect: true },
              { text: 'Purple', isAudio: false, isCorrect: false },
            ],
            points: 2,
            isEliminatory: false,
          },
          {
            isAudio: false,
            questionText: 'Is the assembly point in the car park?',
            possibleAnswers: [
              { text: '✓', isAudio: false, isCorrect: true },
              { text: '✗', isAudio: false, isCorrect: false },
            ],
            points: 1,
            isEliminatory: true,
          },
        ],
      })
      const text = `Quiz ${tag}`
      await seedPost(ann, { people: [bob] }, text, [{ fileDocName: quiz.fileName }])
      const open = `Open the quiz ${title}`

      // The creator writes another quiz: the creation modal, over the discussion.
      const a = ann.page
      await a.reload()
      await expectOnline(a)
      await postCard(a, text).getByRole('button', { name: 'Comment' }).click()
      const discussionOfA = a.getByTestId('discussion')
      await expect(discussionOfA.getByRole('button', { name: open })).toBeVisible()
      await discussionOfA.getByRole('button', { name: 'New quiz' }).click()
      const creating = a.getByRole('dialog', { name: 'New quiz' })
      await expect(creating.getByRole('textbox', { name: 'Answer 2', exact: true })).toHaveValue(
        '✗',
      )
      await look(
        a,
        testInfo,
        `the quiz creation modal (${width.label})`,
        `quiz-create-${width.label}`,
      )
      await dismiss(a, creating)

      // The respondent answers: the quiz to answer, then graded.
      const b = bob.page
      await b.reload()
      await expectOnline(b)
      await postCard(b, text).getByRole('button', { name: 'Comment' }).click()
      await b.getByTestId('discussion').getByRole('button', { name: open }).click()
      const answering = b.getByRole('dialog', { name: title })
      await expect(answering.getByTestId('poll-question')).toHaveCount(2)
      await look(b, testInfo, `the quiz to answer (${width.label})`, `quiz-answer-${width.label}`)
      await answering.getByRole('checkbox', { name: 'Green' }).check()
      await answering.getByRole('checkbox', { name: '✓' }).check()
      await answering.getByRole('button', { name: 'Submit the quiz' }).click()
      await expect(answering.getByText('Your grade: 100%')).toBeVisible()
      await look(b, testInfo, `the graded quiz (${width.label})`, `quiz-graded-${width.label}`)

      // The creator reads the results, then the respondent's correction.
      await discussionOfA.getByRole('button', { name: open }).click()
      const results = a.getByRole('dialog', { name: title })
      await expect(
        results.getByRole('heading', { name: "Participants' results (1)" }),
      ).toBeVisible()
      await look(a, testInfo, `the quiz results (${width.label})`, `quiz-results-${width.label}`)
      await results.getByRole('button', { name: bob.name }).click()
      await expect(
        results.getByRole('heading', { name: `Correction for ${bob.name}` }),
      ).toBeVisible()
      await expect(results.getByText('Grade: 100%')).toBeVisible()
      await look(
        a,
        testInfo,
        `a quiz correction (${width.label})`,
        `quiz-correction-${width.label}`,
      )
    })
  })
}
