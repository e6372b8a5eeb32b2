import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// Workspace packages resolve to their TypeScript sources. This package sits below
// @palabre/testing (whose shared vitest config starts an engine from here), so it cannot use it.
const conditions = ['@palabre/source', ...defaultServerConditions]

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    environment: 'node',
    exclude: ['**/node_modules/**', '**/dist/**'],
    // Safety nets, not budgets (docs/testing.md, "Timeouts"): only a hung test meets them.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Every file starts its own servers; one at a time keeps 2-core machines responsive.
    fileParallelism: false,
  },
})
