import { expectOnline, uniqueTag } from './support/members'
import { expect, phoneViewport, test } from './support/wall-test'

/**
 * The phone offers what the desktop's left column does (docs/wall.md, "Layout"): who is signed
 * in, notifications and the language, in the panel of the top bar's first button.
 */
test('on a phone: the panel shows who is signed in, notifications and the language', async ({
  signUp,
}) => {
  const ann = await signUp(`Ann P${uniqueTag()}`, { viewport: phoneViewport })
  const a = ann.page
  await expectOnline(a)

  await a.getByRole('button', { name: 'Folders and contacts' }).click()
  const panel = a.locator('nav#wall-filters')
  await expect(panel.getByTestId('wall-user-name')).toHaveText(ann.name)
  await expect(panel.getByRole('button', { name: 'Turn on notifications' })).toBeVisible()
  const language = panel.getByRole('group', { name: 'Language' })
  await expect(language.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true')

  // French, at once and after a reload: the choice is the browser's (docs/languages.md).
  await language.getByRole('button', { name: 'FR' }).click()
  await expect(a.getByRole('button', { name: 'Dossiers et contacts' })).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Activer les notifications' })).toBeVisible()
  await a.reload()
  await expectOnline(a)
  await expect(a.getByRole('button', { name: 'Dossiers et contacts' })).toBeVisible()
  await expect(a.getByRole('button', { name: 'Se déconnecter' })).toBeVisible()
})
