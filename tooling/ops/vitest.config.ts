import { defineConfig } from 'vitest/config'

// Checks of files at the repository root; nothing of ours is imported, so no source conditions.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    fileParallelism: false,
  },
})
