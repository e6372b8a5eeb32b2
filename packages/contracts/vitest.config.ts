import { defineConfig } from 'vitest/config'

// Workspace packages resolve to their TypeScript sources, as in the TS base config, then vite's
// default conditions (vite itself is not a dependency of this package, so they are spelled here).
const clientConditions = ['@palabre/source', 'module', 'browser', 'development|production']
const serverConditions = ['@palabre/source', 'module', 'node', 'development|production']

export default defineConfig({
  resolve: { conditions: clientConditions },
  ssr: { resolve: { conditions: serverConditions } },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Two shared cores, shared with the other packages' tests: keep the run light. The timeouts
    // are safety nets, not budgets (docs/testing.md, "Timeouts"): only a hung test meets them.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
})
