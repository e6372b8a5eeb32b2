import { expect, test } from '@playwright/test'
import { signInAdmin } from './support/admin'
import { uniqueTag } from './support/members'
import { freshPhone } from './support/people'
import { attachScreenshot } from './support/screens'

/**
 * The console's CSV import (docs/organisation.md, "The console"), against the real server: a
 * file of five people, one of them with no valid phone, chosen through the file input.
 */

const runs = [
  {
    title: 'on a desktop in English, a comma-separated file',
    viewport: undefined,
    language: 'en',
    separator: ',',
    bom: '',
    texts: {
      choice: 'Import from a CSV file',
      file: 'CSV file',
      submit: 'Import',
      invited: '4 invited.',
      refused: 'Line 4: Not a phone number of an accepted country.',
    },
    screenshot: 'csv-import-desktop-en',
  },
  {
    title: "on a phone in French, a file of French Excel's (byte order mark, ';')",
    viewport: { width: 390, height: 844 },
    language: 'fr',
    separator: ';',
    bom: '\uFEFF',
    texts: {
      choice: 'Importer un fichier CSV',
      file: 'Fichier CSV',
      submit: 'Importer',
      invited: '4 invités.',
      refused: "Ligne 4 : Ce n'est pas un numéro d'un pays accepté.",
    },
    screenshot: 'csv-import-phone-fr',
  },
] as const

for (const run of runs) {
  test(`an administrator imports invitations from a CSV file, ${run.title}`, async ({
    browser,
  }, testInfo) => {
    const admin = await signInAdmin(browser, run.viewport ? { viewport: run.viewport } : {})
    const language = run.language
    await admin.context.addInitScript((lang) => {
      localStorage.setItem('palabre.language', lang)
    }, language)
    const tag = uniqueTag()
    const people = ['Ana', 'Bruno', 'Chloé', 'Driss'].map((first) => ({
      name: `${first} ${tag}`,
      phone: freshPhone().typed,
    }))
    const s = run.separator
    const lines = [
      ['phone', 'name', 'title', 'team', 'site', 'kind'].join(s),
      [people[0]!.phone, people[0]!.name, 'Accountant', 'Finance', 'Lyon', 'employee'].join(s),
      [people[1]!.phone, people[1]!.name, '', '', '', ''].join(s),
      ['12', `Nobody ${tag}`, '', '', '', ''].join(s),
      [people[2]!.phone, people[2]!.name, '', '', '', 'partner'].join(s),
      [people[3]!.phone, people[3]!.name, '', '', '', ''].join(s),
    ]
    const csv = `${run.bom}${lines.join('\r\n')}\r\n`

    await admin.page.goto('/admin?tab=invitations')
    await admin.page.getByRole('radio', { name: run.texts.choice }).check()
    await admin.page.getByLabel(run.texts.file, { exact: true }).setInputFiles({
      name: 'invitations.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    })
    // The file's text fills the box before it is sent.
    await expect(admin.page.getByRole('textbox').last()).toHaveValue(new RegExp(people[3]!.name))
    await admin.page.getByRole('button', { name: run.texts.submit, exact: true }).click()

    const result = admin.page.getByTestId('csv-result')
    await expect(result).toContainText(run.texts.invited)
    await expect(admin.page.getByTestId('csv-refused')).toHaveText([run.texts.refused])
    for (const person of people)
      await expect(
        admin.page.getByTestId('invitation-row').filter({ hasText: person.name }),
      ).toHaveCount(1)
    await expect(
      admin.page.getByTestId('invitation-row').filter({ hasText: `Nobody ${tag}` }),
    ).toHaveCount(0)
    await attachScreenshot(admin.page, testInfo, run.screenshot)
    await admin.context.close()
  })
}
