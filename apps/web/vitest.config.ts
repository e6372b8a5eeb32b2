import react from '@vitejs/plugin-react'
import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@palabre/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@palabre/source', ...defaultServerConditions] } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Two shared cores, shared with the other packages' tests: keep the run light. The timeouts
    // are safety nets, not budgets (docs/testing.md, "Timeouts"): only a hung test meets them.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
})
