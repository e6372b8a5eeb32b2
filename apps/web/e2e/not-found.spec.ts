import { expect, test } from '@playwright/test'

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/not-found$/)
  await expect(page.getByRole('heading', { name: 'Error 404' })).toBeVisible()
  await expect(page.getByText('The page you are looking for does not exist!')).toBeVisible()
})
