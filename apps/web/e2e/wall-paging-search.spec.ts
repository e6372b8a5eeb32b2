import type { Page } from '@playwright/test'
import { emitPosts, postCard, saveContact, uniqueTag, expectOnline } from './support/members'
import { expect, test } from './support/wall-test'

const searchPosts = async (page: Page, word: string) => {
  const box = page.getByRole('searchbox', { name: 'Search posts' })
  await box.fill(word)
  await box.press('Enter')
}

test("a fresh member's wall is empty", async ({ signUp }) => {
  const ann = await signUp(`Ann E${uniqueTag()}`)
  await expect(ann.page.getByTestId('scope-title')).toHaveText('General')
  await expect(ann.page.getByTestId('empty-wall')).toHaveText("You don't have any Post")
  await expect(ann.page.getByTestId('post-card')).toHaveCount(0)
  await expect(ann.page.getByTestId('paging-counter')).toHaveText('0 - 0 of 0')
  await expect(ann.page.getByRole('button', { name: 'Previous page' })).toBeDisabled()
  await expect(ann.page.getByRole('button', { name: 'Next page' })).toBeDisabled()
})

test('25 posts page by 10; a search narrows them; an empty search reads in both languages', async ({
  signUp,
}) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann P${tag}`)
  const bob = await signUp(`Bob P${tag}`)
  await saveContact(ann, bob)
  await saveContact(bob, ann)

  // Post n (1..25) reads 'Post nn'; three of them also carry the word searched for.
  const word = `kiwi${tag}`
  const withWord = new Set([4, 13, 22])
  const label = (n: number) => `Post ${String(n).padStart(2, '0')} ${tag}`
  const texts = Array.from({ length: 25 }, (_, i) =>
    withWord.has(i + 1) ? `${label(i + 1)} with ${word}` : label(i + 1),
  )
  await emitPosts(ann, [bob], texts)

  const b = bob.page
  await b.reload()
  await expectOnline(b)
  const counter = b.getByTestId('paging-counter')
  const cards = b.getByTestId('post-card')
  const previous = b.getByRole('button', { name: 'Previous page' })
  const next = b.getByRole('button', { name: 'Next page' })
  /** The labels of posts first..last, newest first as the wall lists them. */
  const page = (first: number, last: number) =>
    Array.from({ length: last - first + 1 }, (_, i) => new RegExp(label(25 - first + 1 - i)))

  await expect(counter).toHaveText('1 - 10 of 25')
  await expect(cards).toHaveText(page(1, 10))
  await expect(previous).toBeDisabled()
  await next.click()
  await expect(counter).toHaveText('11 - 20 of 25')
  await expect(cards).toHaveText(page(11, 20))
  await expect(previous).toBeEnabled()
  await next.click()
  await expect(counter).toHaveText('21 - 25 of 25')
  await expect(cards).toHaveText(page(21, 25))
  await expect(next).toBeDisabled()
  await previous.click()
  await expect(counter).toHaveText('11 - 20 of 25')
  await expect(cards).toHaveText(page(11, 20))
  await previous.click()
  await expect(counter).toHaveText('1 - 10 of 25')
  await expect(previous).toBeDisabled()

  // A word found in three posts: those three only, newest first.
  await searchPosts(b, word)
  await expect(counter).toHaveText('1 - 3 of 3')
  await expect(cards).toHaveText([
    new RegExp(label(22)),
    new RegExp(label(13)),
    new RegExp(label(4)),
  ])
  await expect(next).toBeDisabled()
  await expect(b.getByRole('button', { name: 'Back to the general wall' })).toBeVisible()

  // Clearing the box ends the search.
  await b.getByRole('searchbox', { name: 'Search posts' }).fill('')
  await expect(counter).toHaveText('1 - 10 of 25')
  await expect(cards).toHaveCount(10)

  // A word found nowhere, in English then in French.
  await searchPosts(b, `nothing${tag}`)
  const empty = b.getByTestId('empty-wall')
  await expect(empty).toHaveText('No message matches your search')
  await expect(cards).toHaveCount(0)
  await expect(counter).toHaveText('0 - 0 of 0')
  await b.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'FR' }).click()
  await expect(empty).toHaveText('Aucun message ne correspond à votre recherche')

  // In A's scope (from B's contacts) the French text names the contact.
  await b.getByRole('button', { name: 'Retour au mur général' }).click()
  await expect(b.getByTestId('scope-title')).toHaveText('Général')
  await b
    .getByRole('navigation', { name: 'Dossiers et contacts' })
    .getByTestId('contact-item')
    .filter({ hasText: ann.name })
    .click()
  await expect(b.getByTestId('scope-title')).toHaveText(ann.name)
  await expect(counter).toHaveText('1 - 10 sur 25')
  await expect(postCard(b, label(25))).toBeVisible()
  const frSearch = b.getByRole('searchbox', { name: 'Rechercher des messages' })
  await frSearch.fill(`nothing${tag}`)
  await frSearch.press('Enter')
  await expect(empty).toHaveText(`Aucun message ne correspond à votre recherche avec ${ann.name}`)

  // And back in English, the same scope's empty search.
  await b.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'EN' }).click()
  await expect(empty).toHaveText(`No message matches your search with ${ann.name}`)
})

test('the counter counts the posts that arrive live', async ({ signUp }) => {
  const tag = uniqueTag()
  const ann = await signUp(`Ann L${tag}`)
  const bob = await signUp(`Bob L${tag}`)
  await saveContact(ann, bob)
  const b = bob.page
  const counter = b.getByTestId('paging-counter')
  await expect(counter).toHaveText('0 - 0 of 0')

  // Each post shows at the top as it arrives, and the counter follows, with no reload.
  for (const n of [1, 2, 3]) {
    const text = `Live ${n} ${tag}`
    await emitPosts(ann, [bob], [text])
    await expect(b.getByTestId('post-card').first()).toContainText(text)
    await expect(counter).toHaveText(`1 - ${n} of ${n}`)
  }
})
