import { defineConfig } from 'vitest/config'

// Checks of files at the repository root; nothing of ours is imported, so no source conditions.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // docker-compose (Python) takes seconds to start on a loaded 2-core machine. The timeouts
    // are safety nets, not budgets (docs/testing.md, "Timeouts"): only a hung test meets them.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
})
