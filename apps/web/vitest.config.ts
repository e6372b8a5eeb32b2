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
    // Two shared cores, shared with the other packages' tests: keep the run light, and give a
    // test the time a loaded machine needs (no test may count on an idle one).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
})
