import type { ViteUserConfig } from 'vitest/config'

export interface NodeTestConfigOptions {
  /** Start a database once per run and provide its URI to useTestDatabase(). */
  database?: boolean
  /** Start an S3 server (SeaweedFS) once per run and provide it through inject('s3'). */
  s3?: boolean
  /** Merged over the defaults (e.g. `{ test: { include: [...] } }`). */
  overrides?: ViteUserConfig
}

/** `['@palabre/source', ...vite's defaultServerConditions]`. */
export declare const sourceConditions: string[]

/** How long a test or a hook may run before it is taken for hung (docs/testing.md, "Timeouts"). */
export declare const SAFETY_NET_MS: number

/**
 * The vitest config of a Node package: TypeScript sources of workspace packages, tests and
 * hooks with a ten-minute safety net, file parallelism sized for the machine, with `database: true` one database
 * server per run (see useTestDatabase) and with `s3: true` one S3 server (see startS3Server).
 */
export declare function defineNodeTestConfig(options?: NodeTestConfigOptions): ViteUserConfig
