import type { Locator, Page } from '@playwright/test'
import {
  emitFolder,
  expectOnline,
  saveContact,
  uniqueTag,
  type Member,
  unusedPhone,
} from './support/members'
import { desktopViewport, expect, test } from './support/wall-test'

const desktop = desktopViewport

const side = (page: Page) => page.getByRole('navigation', { name: 'Folders and contacts' })
const folderList = (page: Page) => side(page).getByRole('list', { name: 'Shared folders' })
const contactList = (page: Page) => side(page).getByRole('list', { name: 'Contacts' })
/** A list's scrolling box, the one that takes a height. */
const box = async (list: Locator) => {
  const found = await list.locator('..').boundingBox()
  if (found === null) throw new Error('list not laid out')
  return found
}

/** `owner` saves contacts of these names, through the api (the modal has its own test). */
const saveContacts = async (owner: Member, names: readonly string[]) => {
  for (const name of names) {
    const answer = await owner.context.request.post('/api/contact', {
      data: { name, phone: unusedPhone() },
    })
    expect(answer.ok()).toBe(true)
  }
}

test("a new person's empty lists invite a first folder and a first contact", async ({ signUp }) => {
  const ann = await signUp(`Ann New ${uniqueTag()}`, { viewport: desktop })
  const a = ann.page
  const lists = side(a)
  await expect(lists.getByText('No shared folder yet.')).toBeVisible()
  await expect(lists.getByText('No contact yet.')).toBeVisible()
  await expect(lists.getByText('Nothing found')).toHaveCount(0)

  await lists.getByRole('button', { name: 'Create your first folder' }).click()
  const folder = a.getByRole('dialog', { name: 'Create a new shared folder' })
  await expect(folder).toBeVisible()
  await folder.getByRole('button', { name: 'Close' }).click()
  await lists.getByRole('button', { name: 'Add your first contact' }).click()
  const contact = a.getByRole('dialog', { name: 'Save a new contact !' })
  await expect(contact).toBeVisible()
  await contact.getByRole('button', { name: 'Close' }).click()

  // A search that finds nothing still says so.
  await lists.getByRole('searchbox', { name: 'Search contacts' }).fill('zzz')
  await expect(lists.getByText('Nothing found')).toBeVisible()
  await expect(lists.getByRole('button', { name: 'Add your first contact' })).toHaveCount(0)
})

test('the two lists share the height of the column, each up to what it holds', async ({
  signUp,
}) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Lists ${tag}`, { viewport: desktop })
  const bob = await signUp(`Bob Lists ${tag}`)
  await saveContact(bob, ann)
  await saveContacts(
    ann,
    Array.from({ length: 29 }, (_, i) => `Contact ${String(i).padStart(2, '0')} ${tag}`),
  )
  const a = ann.page
  await a.reload()
  await expectOnline(a)
  await emitFolder(bob, `First ${tag}`, [ann])
  await emitFolder(bob, `Second ${tag}`, [ann])
  await expect(folderList(a).getByRole('listitem')).toHaveCount(2)

  // Two folders: their list is as tall as two rows; the contacts take the rest of the column.
  const folders = await box(folderList(a))
  expect(folders.height).toBeLessThanOrEqual(2 * 52 + 4)
  const contacts = await box(contactList(a))
  const bottom = await a.locator('.wall__side-bottom').boundingBox()
  expect(bottom!.y - (contacts.y + contacts.height)).toBeLessThanOrEqual(24)
  const shown = await contactList(a)
    .getByRole('listitem')
    .evaluateAll(
      (rows, limit) => rows.filter((row) => row.getBoundingClientRect().bottom <= limit).length,
      contacts.y + contacts.height,
    )
  // Rows fill it, more than the three of a list of fixed height.
  expect(contacts.height).toBeGreaterThan(4 * 52)
  expect(shown).toBe(Math.floor((contacts.height - 2) / 52))

  // Both long: each gets half.
  for (let i = 0; i < 10; i++) await emitFolder(bob, `More ${i} ${tag}`, [ann])
  await expect(folderList(a).getByRole('listitem')).not.toHaveCount(2)
  await expect
    .poll(async () => {
      const [f, c] = [await box(folderList(a)), await box(contactList(a))]
      return Math.abs(f.height - c.height)
    })
    .toBeLessThanOrEqual(4)
  expect((await box(folderList(a))).height).toBeGreaterThan(3 * 52)
})

test("the contact and folder searches take no heed of case or accents: 'zoe' finds 'Zoé'", async ({
  signUp,
}) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Finds ${tag}`, { viewport: desktop })
  const bob = await signUp(`Bob Finds ${tag}`)
  await saveContact(bob, ann)
  await saveContacts(ann, [`Zoé Lambert ${tag}`, `Zora ${tag}`, `Chloé ${tag}`])
  await emitFolder(bob, `Équipe Projet ${tag}`, [ann])
  await emitFolder(bob, `Equinoxe ${tag}`, [ann])
  const a = ann.page
  await a.reload()
  await expectOnline(a)

  const lists = side(a)
  await lists.getByRole('searchbox', { name: 'Search contacts' }).fill('zoe')
  await expect(contactList(a).getByTestId('contact-item')).toHaveText([
    new RegExp(`^Zoé Lambert ${tag}`),
  ])
  await lists.getByRole('searchbox', { name: 'Search contacts' }).fill('CHLOE')
  await expect(contactList(a).getByTestId('contact-item')).toHaveText([new RegExp(`^Chloé ${tag}`)])
  await lists.getByRole('searchbox', { name: 'Search folders' }).fill('equipe')
  await expect(folderList(a).getByTestId('folder-item')).toHaveText([`Équipe Projet ${tag}`])
})

test("the left column holds a long unbroken name, the person's own phone as people read it, and a log-out the size of its neighbours", async ({
  signUp,
}) => {
  const name = `${'Long'.repeat(15)}${uniqueTag()}`.replace(/\W/g, '')
  const ann = await signUp(name, { viewport: desktop })
  const a = ann.page
  const column = (await side(a).boundingBox())!
  const shown = a.getByTestId('wall-user-name')
  await expect(shown).toHaveText(name)
  // The right edge of the name's text itself, not of its box (text may run past a box).
  const textRight = await shown.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return range.getBoundingClientRect().right
  })
  // Each of the three is checked whatever the others give (soft), so a failure names them all.
  expect.soft(textRight).toBeLessThanOrEqual(column.x + column.width)
  expect.soft(await side(a).evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true)

  // '+33 6 12 34 56 78' as the server wrote it: the wall has no phone metadata of its own.
  const international = `+33 ${ann.phone.slice(2, 3)} ${ann.phone.slice(3).replace(/(\d\d)(?=\d)/g, '$1 ')}`
  await expect.soft(side(a).getByText(international, { exact: true })).toBeVisible()

  const fontSize = (target: Locator) =>
    target.evaluate((element) => getComputedStyle(element).fontSize)
  const logOut = await fontSize(side(a).getByRole('button', { name: 'Log out' }))
  expect.soft(logOut).toBe(await fontSize(side(a).getByRole('link', { name: 'Export my data' })))
  expect
    .soft(logOut)
    .toBe(await fontSize(side(a).getByRole('button', { name: 'Turn on notifications' })))
})
