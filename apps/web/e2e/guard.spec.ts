import { expect, test } from '@playwright/test'

for (const path of ['/wall', '/', '/wall/discussion/abc', '/wall/discussion/lecteur/report.pdf']) {
  test(`${path} without a session lands on the landing page`, async ({ page }) => {
    await page.goto(path)
    await expect(page).toHaveURL(/\/landing-page$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
}
