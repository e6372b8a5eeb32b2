import { defineConfig } from '@playwright/test'
import baseConfig from './playwright.config'

/**
 * Browser-level benchmarks (docs/benchmarks.md, "Send to screen"): scripts that print figures,
 * run apart from the tests (`pnpm --filter @palabre/web bench:browser`); nothing is asserted on
 * time. Same server, browser and flags as the browser tests.
 */
export default defineConfig({
  ...baseConfig,
  testDir: './bench',
  testMatch: '*.bench.ts',
  timeout: 300_000,
})
