import { defineNodeTestConfig } from '@palabre/testing/vitest-config'

// The product starts its own embedded database, as `pnpm start` does; the fuzzing of one phase
// takes a minute or two on a loaded 2-core machine.
export default defineNodeTestConfig({
  database: false,
  overrides: { test: { testTimeout: 240_000, hookTimeout: 180_000 } },
})
