import { defineConfig } from '@playwright/test'
import baseConfig from './playwright.config'

/**
 * Browser-level benchmarks (docs/benchmarks.md, "4. Send to screen, in two browsers"): scripts that
 * print figures, run apart from the tests (`pnpm --filter @palabre/web bench:browser`); nothing is
 * asserted on time. Same server, browser and flags as the browser tests.
 */
export default defineConfig({
  ...baseConfig,
  testDir: './bench',
  testMatch: '*.bench.ts',
  timeout: 300_000,
})
