import type { Locator, Page } from '@playwright/test'
import {
  emitFolder,
  clientId,
  emitComment,
  emitPosts,
  expectOnline,
  postCard,
  saveContact,
  uniqueTag,
  withMemberSocket,
  type Member,
} from './support/members'
import { desktopViewport, expect, test } from './support/wall-test'

const desktop = desktopViewport

/** The id of one of `member`'s folders, read as the wall reads it. */
const folderId = async (member: Member, name: string): Promise<string> => {
  const answer = await member.context.request.get(`/api/groupe/${member.phone}`)
  const folders = (await answer.json()) as { idGroup: string; nomGroup: string }[]
  const found = folders.find((folder) => folder.nomGroup === name)
  if (!found) throw new Error(`no folder ${name}`)
  return found.idGroup
}

/** `sender` posts `text` to their folder `name` over the socket; resolves with the post's id. */
const postToFolder = async (sender: Member, name: string, text: string): Promise<string> => {
  const idGroup = await folderId(sender, name)
  const idPostEmet = clientId()
  await withMemberSocket(sender, async (socket) => {
    const now = new Date().toISOString()
    const ack: unknown = await socket.timeout(10_000).emitWithAck('message', {
      idPostEmet,
      emetr_phone: sender.phone,
      emetr_name: sender.name,
      text,
      destinataires: [],
      groups: [{ idGroup, name }],
      typePoste: '0',
      dateCreation: now,
      dateLastEvent: now,
    })
    expect(ack).toBe(1)
  })
  return idPostEmet
}

const side = (page: Page) => page.getByRole('navigation', { name: 'Folders and contacts' })
const folderRow = (page: Page, text: string | RegExp) =>
  side(page).getByTestId('folder-item').filter({ hasText: text })
/** What a folder's name shows: the summary of an unnamed one is hidden from screen readers. */
const shownName = (name: Locator) =>
  name.evaluate((element) => {
    const hidden = element.querySelector('[aria-hidden="true"]')
    return (hidden ?? element).textContent
  })

test('an unnamed folder reads as its people but the viewer: lists, cards, title, card, pickers', async ({
  signUp,
}) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Martin ${tag}`, { viewport: desktop })
  const bruno = await signUp(`Bruno Keita ${tag}`, { viewport: desktop })
  const chloe = await signUp(`Chloé Dubois ${tag}`)
  const dan = await signUp(`Dan Sy ${tag}`)
  for (const other of [bruno, chloe, dan]) await saveContact(ann, other)
  const text = `To the three of you ${tag}`
  // A post to several contacts and no folder goes to their unnamed folder (docs/behaviour.md).
  await emitPosts(ann, [bruno, chloe, dan], [text])

  const b = bruno.page
  await b.reload()
  await expectOnline(b)
  const others = `${ann.name}, ${chloe.name}, ${dan.name}`
  const summary = `${ann.name}, ${chloe.name} + 1`

  // The left column: the others, never Bruno himself; the whole list for screen readers and
  // in the tooltip.
  const row = folderRow(b, ann.name)
  await expect(row).toHaveCount(1)
  const rowName = row.locator('.folder-name')
  expect(await shownName(rowName)).toBe(summary)
  await expect(rowName).toHaveAttribute('title', others)
  await expect(row.getByRole('button')).toHaveAccessibleName(new RegExp(`^${others}`))
  await expect(row).not.toContainText(bruno.name)

  // The post card names the folder the same way, its info button the whole list.
  const folderButton = postCard(b, text).getByTestId('post-folder')
  expect(await shownName(folderButton.locator('.folder-name'))).toBe(summary)
  await expect(folderButton).toHaveAccessibleName(`Folder info: ${others}`)

  // The scope's title, and the folder's card.
  await row.click()
  const title = b.getByTestId('scope-title')
  expect(await shownName(title.locator('.folder-name'))).toBe(summary)
  await expect(title.locator('.folder-name')).toHaveAttribute('title', others)
  await folderButton.click()
  const card = b.getByRole('dialog', { name: summary })
  await expect(card.getByRole('heading', { name: 'Members (4)' })).toBeVisible()
  await card.getByRole('button', { name: 'Close' }).click()

  // The New Message modal's folder picker.
  await b.getByRole('button', { name: 'New Message' }).click()
  const send = b.getByRole('dialog', { name: 'New Message' })
  await expect(
    send.getByRole('group', { name: 'Shared folders' }).getByRole('checkbox', { name: others }),
  ).toBeVisible()
  await send.getByRole('button', { name: 'Back' }).click()

  // Ann sees the others of her side.
  const a = ann.page
  await a.reload()
  await expectOnline(a)
  expect(await shownName(folderRow(a, bruno.name).locator('.folder-name'))).toBe(
    `${bruno.name}, ${chloe.name} + 1`,
  )
  await expect(folderRow(a, bruno.name)).not.toContainText(ann.name)
})

test('a long folder name is cut with an ellipsis, and the whole of it is its tooltip', async ({
  signUp,
}) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Long ${tag}`, { viewport: desktop })
  const bob = await signUp(`Bob Long ${tag}`)
  await saveContact(ann, bob)
  const long = `Équipe Projet Alpha et Bêta, comité de pilotage ${tag}`
  await emitFolder(ann, long, [bob])
  const a = ann.page
  await a.reload()
  await expectOnline(a)
  const name = folderRow(a, 'Équipe Projet').locator('.folder-name')
  await expect(name).toHaveAttribute('title', long)
  const fit = await name.evaluate((element) => ({
    cut: element.scrollWidth > element.clientWidth,
    overflow: getComputedStyle(element).textOverflow,
  }))
  expect(fit).toEqual({ cut: true, overflow: 'ellipsis' })
})

test("'Left folder' asks first and says once left; No gives the focus back", async ({ signUp }) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Leave ${tag}`, { viewport: desktop })
  const bob = await signUp(`Bob Leave ${tag}`)
  await saveContact(ann, bob)
  const name = `Crew ${tag}`
  await emitFolder(ann, name, [bob])
  const text = `Crew news ${tag}`
  await postToFolder(ann, name, text)
  const a = ann.page
  await a.reload()
  await expectOnline(a)
  await expect(folderRow(a, name)).toHaveCount(1)

  await postCard(a, text)
    .getByRole('button', { name: `Folder info: ${name}` })
    .click()
  const card = a.getByRole('dialog', { name })

  // Removing someone asks; No gives the focus back to the button that asked.
  const remove = card.getByRole('button', { name: `Remove ${bob.name}` })
  await remove.click()
  const removing = a.getByRole('alertdialog', {
    name: `Remove ${bob.name} from the ${name} folder?`,
  })
  await removing.getByRole('button', { name: 'No' }).click()
  await expect(removing).toBeHidden()
  await expect(remove).toBeFocused()

  // Leaving asks too; No keeps Ann in, the focus back on 'Left folder'.
  const leave = card.getByRole('button', { name: 'Left folder' })
  await leave.click()
  const leaving = a.getByRole('alertdialog', { name: `Leave the ${name} folder?` })
  await expect(leaving.getByRole('button', { name: 'No' })).toBeFocused()
  await leaving.getByRole('button', { name: 'No' }).click()
  await expect(leaving).toBeHidden()
  await expect(leave).toBeFocused()
  await expect(card.getByRole('heading', { name: 'Members (2)' })).toBeVisible()

  // Yes: the card closes, a notice says so, the folder leaves the list.
  await leave.click()
  await leaving.getByRole('button', { name: 'Yes' }).click()
  await expect(card).toBeHidden()
  await expect(
    a.getByRole('status').filter({ hasText: `You left the ${name} folder` }),
  ).toBeVisible()
  await expect(folderRow(a, name)).toHaveCount(0)
})

test('folder badges move live with new posts and comments, and go down when read', async ({
  signUp,
}) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Badge ${tag}`, { viewport: desktop })
  const bob = await signUp(`Bob Badge ${tag}`, { viewport: desktop })
  await saveContact(ann, bob)
  const name = `Desk ${tag}`
  await emitFolder(ann, name, [bob])
  const b = bob.page
  const row = folderRow(b, name)
  await expect(row).toHaveCount(1)
  const badge = row.getByTestId('unread-badge')
  await expect(badge).toHaveCount(0)

  // Each new post raises it; a comment on a post already unread does not.
  const first = await postToFolder(ann, name, `First ${tag}`)
  await expect(badge.locator('[aria-hidden="true"]')).toHaveText('1')
  await postToFolder(ann, name, `Second ${tag}`)
  await expect(badge.locator('[aria-hidden="true"]')).toHaveText('2')
  await emitComment(ann, first, `About the first ${tag}`)
  await expect(postCard(b, `First ${tag}`).getByLabel('1 unread comment')).toBeVisible()
  await expect(badge.locator('[aria-hidden="true"]')).toHaveText('2')

  // Reading goes down, one post at a time.
  await postCard(b, `First ${tag}`).getByTestId('post-card-body').click()
  await expect(badge.locator('[aria-hidden="true"]')).toHaveText('1')
  await postCard(b, `Second ${tag}`).getByTestId('post-card-body').click()
  await expect(badge).toHaveCount(0)

  // A comment on a read post that is not open raises it again; the server counts the same.
  await emitComment(ann, first, `Again ${tag}`)
  await expect(postCard(b, `First ${tag}`).getByLabel('1 unread comment')).toBeVisible()
  await expect(badge.locator('[aria-hidden="true"]')).toHaveText('1')
  await b.reload()
  await expectOnline(b)
  await expect(
    folderRow(b, name).getByTestId('unread-badge').locator('[aria-hidden="true"]'),
  ).toHaveText('1')
})
