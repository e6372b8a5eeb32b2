import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { fromBuffer } from 'yauzl'
import { signInAdmin } from './support/admin'
import { saveContact, signUpMember, uniqueTag } from './support/members'
import { attachScreenshot } from './support/screens'
import { seedPost, seedQuiz } from './support/seed'

/**
 * The exports' readable pages (docs/export.md, "index.html"), opened from disk in the browser
 * as whoever unzips an export would: asked for from a French screen, they are in French, the
 * person's quiz shows their grade and correction, links are links and nothing runs.
 */

/** Writes every entry of a zip under `dir`. */
const unzip = (zip: Buffer, dir: string): Promise<void> =>
  new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error)
      file.on('error', reject)
      file.on('end', () => resolve())
      file.on('entry', (entry: { fileName: string }) => {
        file.openReadStream(entry as never, (openError, stream) => {
          if (openError) return reject(openError)
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('error', reject)
          stream.on('end', () => {
            const path = join(dir, entry.fileName)
            void mkdir(dirname(path), { recursive: true })
              .then(() => writeFile(path, Buffer.concat(chunks)))
              .then(() => file.readEntry(), reject)
          })
        })
      })
      file.readEntry()
    })
  })

/** Clicks a download link and unzips what it fetched under `dir`. */
const downloadAndUnzip = async (page: Page, linkName: string, dir: string) => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: linkName }).click(),
  ])
  await unzip(await readFile(await download.path()), dir)
}

/** The screen in French, as the language toggle leaves it (docs/languages.md). */
const inFrench = async (page: Page) => {
  await page.evaluate(() => localStorage.setItem('palabre.language', 'fr'))
  await page.reload()
}

test('a French person exports their data and reads it offline, in French, with their quiz', async ({
  browser,
}, testInfo) => {
  const tag = uniqueTag()
  const ann = await signUpMember(browser, `Ann ${tag}`)
  const bob = await signUpMember(browser, `Bob ${tag}`)
  await saveContact(ann, bob)
  await saveContact(bob, ann)
  const quiz = await seedQuiz(bob, {
    title: `Sécurité quai ${tag}`,
    questions: [
      {
        isAudio: false,
        questionText: 'Que porter sur le quai ?',
        points: 1,
        isEliminatory: true,
        possibleAnswers: [
          { text: 'Un casque', isAudio: false, isCorrect: true },
          { text: 'Une casquette', isAudio: false, isCorrect: false },
        ],
      },
    ],
  })
  await seedPost(
    bob,
    { people: [ann] },
    `Consignes ${tag} : https://example.org/consignes et <script>alert(1)</script>`,
    [{ cmt: 'Répondez au QCM' }, { fileDocName: quiz.fileName }],
  )
  const answered = await ann.context.request.post(`/api/polls/${quiz.pollId}/response`, {
    data: {
      nameRespondent: ann.name,
      phoneRespondent: ann.phone,
      answers: [{ questionIndex: 0, selectedAnswers: [0] }],
    },
  })
  expect(answered.ok()).toBe(true)

  const page = ann.page
  await inFrench(page)
  const dir = testInfo.outputPath('person-export')
  await downloadAndUnzip(page, 'Exporter mes données', dir)

  await page.goto(pathToFileURL(join(dir, 'index.html')).href)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ann.name)
  await expect(page.getByRole('heading', { name: 'Avec les contacts' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: `Consignes ${tag}` })
  await expect(row).toContainText(bob.name)
  await attachScreenshot(page, testInfo, 'export-person-index-desktop-fr')

  // The conversation's page: the link is a link, the script is text, the quiz is graded.
  await row.getByRole('link').click()
  await expect(page.getByRole('heading', { name: 'Commentaires' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'https://example.org/consignes' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  )
  await expect(page.getByText('<script>alert(1)</script>', { exact: false })).toBeVisible()
  await expect(page.locator('script')).toHaveCount(0)
  await expect(page.getByText(`QCM : Sécurité quai ${tag}`)).toBeVisible()
  await expect(page.getByText('Que porter sur le quai ?')).toBeVisible()
  await expect(page.getByText('Votre note : 100%')).toBeVisible()
  await expect(page.getByText('Points obtenus : 1 sur 1')).toBeVisible()
  await attachScreenshot(page, testInfo, 'export-person-conversation-desktop-fr')
  await page.getByRole('link', { name: "Retour à l'index" }).click()
  await expect(page.getByRole('heading', { name: 'Avec les contacts' })).toBeVisible()
})

test('an administrator exports the organisation from the French console and finds its people and folders', async ({
  browser,
}, testInfo) => {
  const tag = uniqueTag()
  const cat = await signUpMember(browser, `Cat ${tag}`)
  const admin = await signInAdmin(browser)
  await admin.page.goto('/admin?tab=export')
  await inFrench(admin.page)
  const dir = testInfo.outputPath('organisation-export')
  await downloadAndUnzip(admin.page, "Télécharger l'export", dir)

  const page = admin.page
  await page.goto(pathToFileURL(join(dir, 'index.html')).href)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('heading', { name: 'Personnes' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Dossiers' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible()
  // The people's table: the admin is also named in the conversations of other tests of the run.
  const people = page.locator('#people + table')
  await expect(people.getByRole('row').filter({ hasText: cat.name })).toContainText('Actif')
  await expect(people.getByRole('row').filter({ hasText: admin.name })).toContainText(
    'administrateur',
  )
  await attachScreenshot(page, testInfo, 'export-organisation-index-desktop-fr')
})
