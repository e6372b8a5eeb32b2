import type { ServerOptions } from 'node:http'

/**
 * How the api's HTTP server bounds a request (docs/files.md, "Uploads"), wherever it is served:
 * on its own, in `pnpm start`'s one process, or in the tests' harness.
 *
 * - A request's headers must all arrive within a minute, as Node's default: a client trickling
 *   them (slowloris) is cut off early.
 * - A whole request, its body included, may take 30 minutes: a 50 MB upload, the largest the
 *   api takes, from a phone at 256 kbit/s. Node's default of 5 minutes cut such uploads off
 *   with a reset, and so did a loaded machine reading a 50 MB upload in the tests.
 */
export const apiServerOptions = {
  headersTimeout: 60_000,
  requestTimeout: 30 * 60_000,
} as const satisfies ServerOptions
