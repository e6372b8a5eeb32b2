import { uniqueTag } from './support/members'
import { phoneViewport, expect, test } from './support/wall-test'

/**
 * The wall from the keyboard (docs/wall.md, "Modals"). axe and the screenshots of the signed-in
 * screens, at both widths, are in screens-a11y.spec.ts.
 */

const phone = phoneViewport

test('keyboard: the send modal takes the focus, Escape closes it and gives it back', async ({
  signUp,
}) => {
  const ann = await signUp(`Ann K${uniqueTag()}`)
  const a = ann.page
  const opener = a.getByRole('button', { name: 'New Message' })
  await opener.focus()
  await a.keyboard.press('Enter')
  const modal = a.getByRole('dialog', { name: 'New Message' })
  await expect(modal).toBeVisible()
  await expect(modal.locator(':focus')).toHaveCount(1)
  // The next Tab stays inside: the page behind the modal is inert.
  await a.keyboard.press('Tab')
  await expect(modal.locator(':focus')).toHaveCount(1)
  await a.keyboard.press('Escape')
  await expect(modal).toBeHidden()
  await expect(opener).toBeFocused()
})

test('keyboard on a phone: the floating New Message button gets the focus back', async ({
  signUp,
}) => {
  const ann = await signUp(`Ann K${uniqueTag()}`, { viewport: phone })
  const a = ann.page
  const opener = a.getByRole('button', { name: 'New Message' })
  await opener.focus()
  await a.keyboard.press('Enter')
  const modal = a.getByRole('dialog', { name: 'New Message' })
  await expect(modal.locator(':focus')).toHaveCount(1)
  await a.keyboard.press('Escape')
  await expect(modal).toBeHidden()
  await expect(opener).toBeFocused()
})
