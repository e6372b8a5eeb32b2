import type { Locator } from '@playwright/test'
import {
  emitFolder,
  emitPosts,
  expectOnline,
  postCard,
  saveContact,
  uniqueTag,
  type Member,
  unusedPhone,
} from './support/members'
import { expect, phoneViewport, test } from './support/wall-test'

const phone = phoneViewport

/** Whether a field's placeholder, in the field's font, fits the width inside its padding. */
const placeholderFits = (field: Locator): Promise<boolean> =>
  field.evaluate((element: HTMLTextAreaElement) => {
    const style = getComputedStyle(element)
    const context = document.createElement('canvas').getContext('2d')
    if (context === null) return false
    context.font = style.font
    const room =
      element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    return context.measureText(element.placeholder).width <= room
  })

const saveContacts = async (owner: Member, count: number, tag: string) => {
  for (let i = 0; i < count; i++) {
    const answer = await owner.context.request.post('/api/contact', {
      data: { name: `Person ${String(i).padStart(2, '0')} ${tag}`, phone: unusedPhone() },
    })
    expect(answer.ok()).toBe(true)
  }
}

test('on a phone, the send modal shows the message and Send without scrolling', async ({
  signUp,
}) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Phone ${tag}`, { viewport: phone })
  const bob = await signUp(`Bob Phone ${tag}`)
  await saveContact(bob, ann)
  await saveContacts(ann, 25, tag)
  for (const name of ['One', 'Two', 'Three']) await emitFolder(bob, `${name} ${tag}`, [ann])
  const a = ann.page
  await a.reload()
  await expectOnline(a)

  await a.getByRole('button', { name: 'New Message' }).click()
  const send = a.getByRole('dialog', { name: 'New Message' })
  await expect(send.getByTestId('contact-item').first()).toBeVisible()
  const message = send.getByRole('textbox', { name: 'Message' })
  const button = send.getByRole('button', { name: 'Send' })
  for (const target of [message, button, send.getByRole('button', { name: 'Back' })]) {
    await expect(target).toBeInViewport({ ratio: 1 })
  }
  // Nothing of the modal was scrolled to get there: the lists scroll inside.
  const scrolled = await send.evaluate((dialog) =>
    [...dialog.querySelectorAll('*')].some(
      (element) => element.scrollTop > 0 && !element.classList.contains('virtual-list'),
    ),
  )
  expect(scrolled).toBe(false)
  // Picking a contact and writing the message need no scrolling either.
  await send.getByRole('checkbox', { name: new RegExp(`^Person 00 ${tag}`) }).check()
  await message.fill(`From the phone ${tag}`)
  await button.click()
  await expect(send).toBeHidden()
})

test("on a phone, a folder's title uses the room there is, beside the back arrow", async ({
  signUp,
}) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Title ${tag}`, { viewport: phone })
  const bob = await signUp(`Bob Title ${tag}`)
  await saveContact(bob, ann)
  const name = `Équipe Projet Alpha ${tag}`
  await emitFolder(bob, name, [ann])
  const a = ann.page
  await a.getByRole('button', { name: 'Folders and contacts' }).click()
  await a.locator('nav#wall-filters').getByTestId('folder-item').filter({ hasText: name }).click()

  const title = a.getByTestId('scope-title')
  await expect(title).toHaveText(name)
  const whole = await title.evaluate(
    (element) =>
      element.scrollHeight <= element.clientHeight + 1 &&
      element.scrollWidth <= element.clientWidth + 1,
  )
  expect(whole).toBe(true)
  const [back, heading] = [
    await a.getByRole('button', { name: 'Back to the general wall' }).boundingBox(),
    await title.boundingBox(),
  ]
  // On the back arrow's row, not below it.
  expect(heading!.y).toBeLessThan(back!.y + back!.height)
  await expect(a.getByTestId('paging-counter')).toBeInViewport()
})

test('on a phone, the last post clears the floating button; the French placeholder fits', async ({
  signUp,
}) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Room ${tag}`, { viewport: phone })
  const bob = await signUp(`Bob Room ${tag}`)
  await saveContact(bob, ann)
  await emitPosts(
    bob,
    [ann],
    Array.from({ length: 8 }, (_, i) => `Post ${i} ${tag}`),
  )
  const a = ann.page
  await a.evaluate(() => localStorage.setItem('palabre.language', 'fr'))
  await a.reload()
  await expectOnline(a)
  await expect(a.getByTestId('post-card')).toHaveCount(8)

  // The end of the list: the last post's actions are clear of the floating button.
  await a.locator('.centre__list').evaluate((list) => list.scrollTo(0, list.scrollHeight))
  const fab = await a.getByRole('button', { name: 'Nouveau message' }).boundingBox()
  const last = a.getByTestId('post-card').last()
  for (const action of await last.getByRole('button').all()) {
    const area = await action.boundingBox()
    const overlaps =
      area!.x < fab!.x + fab!.width &&
      area!.x + area!.width > fab!.x &&
      area!.y < fab!.y + fab!.height &&
      area!.y + area!.height > fab!.y
    expect(overlaps).toBe(false)
  }
  expect((await last.boundingBox())!.y + (await last.boundingBox())!.height).toBeLessThan(fab!.y)

  // The composer's French placeholder holds on one line: as tall as one typed letter.
  await postCard(a, `Post 7 ${tag}`).getByTestId('post-card-body').click()
  const composer = a.getByRole('textbox', { name: 'Message...' })
  await expect(composer).toHaveAttribute('placeholder', 'Message...')
  expect(await placeholderFits(composer)).toBe(true)
  const empty = (await composer.boundingBox())!.height
  await composer.fill('x')
  const oneLine = (await composer.boundingBox())!.height
  expect(empty).toBe(oneLine)
  await expect(a.getByRole('button', { name: 'Envoyer' })).toBeInViewport({ ratio: 1 })
})

/** Whether two boxes share any point. */
const intersects = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y

test("on a phone, the floating button steps aside while the list scrolls down, and clears the last card's Copy", async ({
  signUp,
}) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann Scroll ${tag}`, { viewport: phone })
  const bob = await signUp(`Bob Scroll ${tag}`)
  await saveContact(bob, ann)
  await emitPosts(
    bob,
    [ann],
    Array.from({ length: 10 }, (_, i) => `Scrolled ${i} ${tag}`),
  )
  const a = ann.page
  await a.reload()
  await expectOnline(a)
  await expect(a.getByTestId('post-card')).toHaveCount(10)
  const list = a.locator('.centre__list')
  const fab = a.getByRole('button', { name: 'New Message' })
  await expect(fab).toBeVisible()
  const spot = (await fab.boundingBox())!

  // Scrolling down, midway: the button is out of the way, what is under its spot is a card's.
  await list.evaluate((element) => element.scrollTo(0, 300))
  await expect(fab).toBeHidden()
  const under = await a.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('.wall__fab') ?? null,
    [spot.x + spot.width / 2, spot.y + spot.height / 2],
  )
  expect(under).toBeNull()

  // Scrolling up a little brings it back.
  await list.evaluate((element) => element.scrollBy(0, -100))
  await expect(fab).toBeVisible()

  // At the end it shows, clear of the last card's Copy, which takes a tap.
  await list.evaluate((element) => element.scrollTo(0, element.scrollHeight))
  await expect(fab).toBeVisible()
  await expect(fab).toHaveCSS('transform', 'none')
  const copy = a.getByTestId('post-card').last().getByRole('button', { name: 'Copy' })
  await expect(copy).toBeInViewport({ ratio: 1 })
  expect(intersects((await copy.boundingBox())!, (await fab.boundingBox())!)).toBe(false)
  await copy.click({ trial: true })
})
