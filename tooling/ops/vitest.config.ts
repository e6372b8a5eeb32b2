import { defineConfig } from 'vitest/config'

// Checks of files at the repository root; nothing of ours is imported, so no source conditions.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // docker-compose (Python) takes seconds to start on a loaded 2-core machine: no test here
    // may count on an idle one.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
