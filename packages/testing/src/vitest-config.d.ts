import type { ViteUserConfig } from 'vitest/config'

export interface NodeTestConfigOptions {
  /** Start a database once per run and provide its URI to useTestDatabase(). */
  database?: boolean
  /** Merged over the defaults (e.g. `{ test: { include: [...] } }`). */
  overrides?: ViteUserConfig
}

/** `['@palabre/source', ...vite's defaultServerConditions]`. */
export declare const sourceConditions: string[]

/**
 * The vitest config of a Node package: TypeScript sources of workspace packages, 30 s tests,
 * 120 s hooks, file parallelism sized for the machine, and with `database: true` one database
 * server per run (see useTestDatabase).
 */
export declare function defineNodeTestConfig(options?: NodeTestConfigOptions): ViteUserConfig
