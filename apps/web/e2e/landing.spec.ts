import { expect, test } from '@playwright/test'

test('the landing page is English by default and the toggle switches to French and back', async ({
  page,
}) => {
  await page.goto('/landing-page')
  const title = page.getByRole('heading', { level: 1 })
  await expect(title).toHaveText('The team messenger for your whole organisation')
  await expect(page.getByRole('heading', { name: 'What we can do' })).toBeVisible()

  await page.getByRole('button', { name: 'FR', exact: true }).click()
  await expect(title).toHaveText("La messagerie d'équipe de toute votre organisation")
  await expect(page.getByRole('heading', { name: 'Ce que nous faisons' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')

  await page.getByRole('button', { name: 'EN', exact: true }).click()
  await expect(title).toHaveText('The team messenger for your whole organisation')
})

test('the nav anchors scroll to their sections and the pricing shows the three plans', async ({
  page,
}) => {
  await page.goto('/landing-page')
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Pricing' })
    .click()
  await expect(page.locator('#pricing')).toBeInViewport()
  const table = page.getByRole('table')
  await expect(table.getByRole('columnheader', { name: 'Enterprise & Public' })).toBeVisible()
  await expect(table.getByRole('cell', { name: '9.99$' })).toBeVisible()
  await expect(table.getByRole('cell', { name: 'up to 10 GB' })).toBeVisible()
})

test('log in and try it lead to auth and inscription', async ({ page }) => {
  await page.goto('/landing-page')
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await page.goto('/landing-page')
  await page.getByRole('banner').getByRole('link', { name: 'Try it' }).click()
  await expect(page).toHaveURL(/\/inscription$/)
})

test.describe('at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the menu overlay opens and closes', async ({ page }) => {
    await page.goto('/landing-page')
    const open = page.getByRole('button', { name: 'Open menu' })
    await expect(open).toBeVisible()
    // The desktop anchors are hidden on a phone.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Pricing' })).toBeHidden()

    await open.click()
    const menu = page.getByRole('dialog', { name: 'Main navigation' })
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Pricing' })).toBeVisible()
    // The overlay covers the whole screen, not just the bar it was opened from.
    expect((await menu.boundingBox())?.height).toBe(844)
    await menu.getByRole('button', { name: 'Close menu' }).click()
    await expect(menu).toBeHidden()

    // Choosing a section also closes the overlay.
    await open.click()
    await page.getByRole('dialog').getByRole('link', { name: 'Solution' }).click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.locator('#solution')).toBeInViewport()
  })
})
