import { emitFolder, postCard, saveContact, uniqueTag, expectOnline } from './support/members'
import { expect, test } from './support/wall-test'

test('A creates a folder with B and C, posts to it, then removes C: all live', async ({
  signUp,
}) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann F${tag}`)
  const bob = await signUp(`Bob F${tag}`)
  const cat = await signUp(`Cat F${tag}`)
  const [a, b, c] = [ann.page, bob.page, cat.page]
  await saveContact(ann, bob)
  await saveContact(ann, cat)
  // B already has a folder of its own, so "at the top" means something.
  await saveContact(bob, ann)
  const earlier = `Earlier ${tag}`
  await emitFolder(bob, earlier, [ann])
  await expect(b.getByTestId('folder-item').first()).toHaveText(earlier)

  // A creates the folder through the modal, picking B and C.
  const team = `Team ${tag}`
  await a.reload()
  await expectOnline(a)
  await a.getByRole('button', { name: 'New shared folder' }).click()
  const create = a.getByRole('dialog', { name: 'Create a new shared folder' })
  await create.getByLabel('Folder name').fill(team)
  await create.getByRole('checkbox', { name: new RegExp(bob.name) }).check()
  await create.getByRole('checkbox', { name: new RegExp(cat.name) }).check()
  await create.getByRole('button', { name: 'Create a folder' }).click()
  await expect(create).toBeHidden()
  await expect(a.getByTestId('folder-item').filter({ hasText: team })).toBeVisible()

  // B is told, and the folder is on top of B's list without a reload; C has it too.
  await expect(
    b.getByRole('status').filter({ hasText: `You have just been added to the group ${team}` }),
  ).toBeVisible()
  await expect(b.getByTestId('folder-item')).toHaveText([team, earlier])
  await expect(c.getByTestId('folder-item')).toHaveText([team])

  // A posts to the folder through the send modal.
  const text = `To the team ${tag}`
  await a.getByRole('button', { name: 'New Message' }).click()
  const send = a.getByRole('dialog', { name: 'New Message' })
  await send
    .getByRole('group', { name: 'Shared folders' })
    .getByRole('checkbox', { name: team })
    .check()
  await send.getByRole('textbox', { name: 'Message' }).fill(text)
  await send.getByRole('button', { name: 'Send' }).click()
  await expect(send).toBeHidden()
  await expect(postCard(a, text).getByRole('button', { name: 'Comment' })).toBeVisible()

  // B and C see it arrive live, new.
  await expect(postCard(b, text)).toHaveAttribute('data-new', 'true')
  await expect(postCard(c, text)).toHaveAttribute('data-new', 'true')

  // B opens the folder from the left column: its title and its post.
  await b
    .getByRole('navigation', { name: 'Folders and contacts' })
    .getByTestId('folder-item')
    .filter({ hasText: team })
    .click()
  await expect(b.getByTestId('scope-title')).toHaveText(team)
  await expect(b.getByTestId('post-card')).toHaveCount(1)
  await expect(postCard(b, text)).toBeVisible()
  await expect(b.getByTestId('paging-counter')).toHaveText('1 - 1 of 1')

  // A opens the folder's card from the post and removes C, after saying Yes.
  await postCard(a, text)
    .getByRole('button', { name: `Folder info: ${team}` })
    .click()
  const info = a.getByRole('dialog', { name: team })
  await expect(info.getByRole('listitem')).toHaveCount(3)
  await expect(info.getByRole('heading', { name: 'Members (3)' })).toBeVisible()
  await info.getByRole('button', { name: `Remove ${cat.name}` }).click()
  const confirm = a.getByRole('alertdialog', {
    name: `Remove ${cat.name} from the ${team} folder?`,
  })
  await expect(confirm.getByRole('button', { name: 'No' })).toBeFocused()
  await confirm.getByRole('button', { name: 'Yes' }).click()
  await expect(confirm).toBeHidden()

  // C loses the folder without reloading; A's card and B's list follow.
  await expect(c.getByTestId('folder-item')).toHaveCount(0)
  await expect(info.locator(`li[data-phone="${cat.phone}"]`)).toHaveCount(0)
  await expect(info.getByRole('heading', { name: 'Members (2)' })).toBeVisible()
  // B has not opened the post: the folder's badge counts it (docs/wall.md, "Live updates").
  await expect(b.getByTestId('folder-item')).toHaveText([new RegExp(`^${team}`), earlier])
  await expect(
    b.getByTestId('folder-item').filter({ hasText: team }).getByTestId('unread-badge'),
  ).toHaveText('11 unread')
})
