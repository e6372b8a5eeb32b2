// @ts-check
// Plain JavaScript on purpose: vite loads a package's vitest.config.ts by bundling it and hands
// every workspace import to Node, which ignores the @palabre/source condition and cannot run
// TypeScript. A .ts module here would need packages/testing built first, and a stale dist would
// silently test old harness code. Types: vitest-config.d.ts beside this file.
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defaultServerConditions, mergeConfig } from 'vite'
import { defineConfig } from 'vitest/config'

// Workspace packages resolve to their TypeScript sources, as in the TS base config. Vite's
// `module` condition is left out: it is meant for bundlers, and a dependency resolved through it
// (the AWS SDK's dist-es, with extensionless imports) would then be loaded by Node, which cannot
// run it. Without it tests load dependencies as Node does in production.
export const sourceConditions = [
  '@palabre/source',
  ...defaultServerConditions.filter((condition) => condition !== 'module'),
]

/** How long a test or a hook may run before it is taken for hung: ten minutes. */
export const SAFETY_NET_MS = 600_000

// vitest transforms its globalSetup itself, so the TypeScript source is used directly.
const globalSetupFile = fileURLToPath(new URL('./vitest-global-setup.ts', import.meta.url))
const s3SetupFile = fileURLToPath(new URL('./vitest-s3-setup.ts', import.meta.url))

/**
 * @param {import('./vitest-config.js').NodeTestConfigOptions} [options]
 * @returns {import('vitest/config').ViteUserConfig}
 */
export function defineNodeTestConfig(options = {}) {
  // Our machines have 2 cores shared by turbo's parallel tasks and the database server: one
  // test file at a time per package there, half the cores on bigger machines. The vitest
  // flags --maxWorkers and --fileParallelism override this.
  const workers = Math.max(1, Math.floor(availableParallelism() / 2))
  const base = defineConfig({
    resolve: { conditions: sourceConditions },
    ssr: { resolve: { conditions: sourceConditions } },
    // vitest loads globalSetup files in an environment of its own, which takes neither of the
    // above: the harness's setup imports @palabre/db-engine, by its sources too.
    environments: { __vitest__: { resolve: { conditions: sourceConditions } } },
    test: {
      environment: 'node',
      exclude: ['**/node_modules/**', '**/dist/**', '**/e2e/**'],
      globalSetup: [
        ...(options.database === true ? [globalSetupFile] : []),
        ...(options.s3 === true ? [s3SetupFile] : []),
      ],
      // Safety nets, not budgets (docs/testing.md, "Timeouts"): a test waits for what must
      // happen, and only a hung one ever meets these, on however loaded a machine.
      testTimeout: SAFETY_NET_MS,
      hookTimeout: SAFETY_NET_MS,
      fileParallelism: workers > 1,
      maxWorkers: workers,
    },
  })
  return options.overrides === undefined ? base : mergeConfig(base, options.overrides)
}
