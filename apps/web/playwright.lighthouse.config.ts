import { defineConfig } from '@playwright/test'
import baseConfig from './playwright.config'

/**
 * The Lighthouse figures (docs/bundle-budgets.md, "Lighthouse"): `scripts/lighthouse.ts` prints
 * them, run apart from the tests (`pnpm --filter @palabre/web lighthouse`); nothing is asserted.
 * The product runs as `pnpm start` runs it (tooling/serve on the built web app), on the browser
 * tests' port, data folder and codes' log, with a development environment rather than a test
 * one and its request log off.
 */
const base = baseConfig.webServer
if (base === undefined || Array.isArray(base))
  throw new Error('playwright.config.ts has one webServer')
const { NODE_ENV: _test, ...env } = base.env ?? {}

// Lighthouse's Chrome launcher reads CHROME_PATH: Debian's Chromium unless told otherwise.
process.env.CHROME_PATH ??= process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  ...baseConfig,
  testDir: './scripts',
  testMatch: 'lighthouse.ts',
  // Twelve Lighthouse runs, each up to a minute on a loaded machine.
  timeout: 30 * 60_000,
  webServer: { ...base, env: { ...env, LOG_REQUESTS: 'false' }, stdout: 'ignore' },
})
