import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type TestInfo } from '@playwright/test'

/**
 * Runs axe's WCAG 2 A and AA rules on the page as it is and fails on any serious or critical
 * violation, listing each with its nodes; soft, so a test checks every screen before it fails.
 * Every violation, whatever its impact, is attached to the test for whoever reads the report.
 */
export const expectNoSeriousViolations = async (page: Page, testInfo: TestInfo, where: string) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  await testInfo.attach(`axe: ${where}`, {
    body: JSON.stringify(
      results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      })),
      null,
      2,
    ),
    contentType: 'application/json',
  })
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )
  const report = serious
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n'),
    )
    .join('\n')
  expect.soft(serious, `axe on ${where}:\n${report}`).toEqual([])
}

/** Attaches a full-page screenshot to the test: a test artifact of the run. */
export const attachScreenshot = async (page: Page, testInfo: TestInfo, name: string) => {
  await testInfo.attach(name, {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  })
}
