import { photoPath } from '@palabre/contracts'
import { samplePng } from '@palabre/testing/sample-files'
import { expect, test } from '@playwright/test'
import {
  expectOnline,
  postCard,
  saveContact,
  sendPost,
  signUpMember,
  uniqueTag,
} from './support/members'
import { attachScreenshot } from './support/screens'
import { phoneViewport } from './support/wall-test'

/**
 * Photos (docs/organisation.md, "Photos"): A, on a desktop in English, changes their photo in
 * the 'Profile' panel; B, on a phone in French, with A's post on the wall, sees it on the post
 * card at once, without a reload (`profileChanged`, docs/realtime.md, "Profiles").
 */
test("a new photo from the Profile panel reaches a contact's post card live", async ({
  browser,
}, testInfo) => {
  const tag = uniqueTag()
  const ann = await signUpMember(browser, `Ann Photo ${tag}`)
  const bob = await signUpMember(browser, `Bob Photo ${tag}`, { viewport: phoneViewport })
  await saveContact(ann, bob)
  await saveContact(bob, ann)
  // Bob reads his screens in French, from his profile's language.
  const french = await bob.context.request.patch('/api/me/profile', { data: { language: 'fr' } })
  expect(french.ok()).toBe(true)

  await ann.page.reload()
  await expectOnline(ann.page)
  const text = `Hello with a face ${tag}`
  await sendPost(ann.page, bob.name, text)

  const b = bob.page
  await b.reload()
  await expect(b.locator('html')).toHaveAttribute('lang', 'fr')
  await expectOnline(b)
  const card = postCard(b, text)
  await expect(card).toBeVisible()
  // No photo yet: Ann's initials.
  await expect(card.locator('.post-card__route .avatar--initials')).toHaveAttribute(
    'data-initials',
    `A${tag.charAt(0)}`.toLocaleUpperCase(),
  )

  const a = ann.page
  await a.getByRole('button', { name: 'Profile', exact: true }).click()
  const panel = a.getByRole('dialog', { name: 'Profile' })
  await panel.getByLabel('Change photo').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: samplePng(640, 400),
  })
  await expect(panel.getByText('Your photo is saved.')).toBeVisible()
  const large = panel.locator('img.avatar--large')
  await expect(large).toHaveAttribute(
    'src',
    /^\/api\/photos\/photo_[A-Za-z0-9]{16}\.webp\?size=large$/,
  )
  const src = (await large.getAttribute('src')) ?? ''
  const photo = decodeURIComponent(src.replace(/^\/api\/photos\//, '').replace(/\?.*$/, ''))
  // Shown: the browser read the webp.
  await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512)
  await attachScreenshot(a, testInfo, 'profile-photo-desktop-en')

  // Bob's card takes the photo live, and his browser reads it.
  const shown = card.locator('.post-card__route img.avatar')
  await expect(shown).toHaveAttribute('src', photoPath(photo, 'small'))
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96)
  await attachScreenshot(b, testInfo, 'profile-photo-live-phone-fr')

  await ann.context.close()
  await bob.context.close()
})
