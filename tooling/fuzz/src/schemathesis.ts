import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Where scripts/bootstrap.sh installs schemathesis (a virtualenv in the cache it shares with the
 * database engine); SCHEMATHESIS_BIN names another `st`.
 */
export const schemathesisBin = (): string => {
  const given = process.env['SCHEMATHESIS_BIN']
  if (given) return given
  const cache =
    process.env['PALABRE_CACHE_DIR'] ??
    path.join(process.env['XDG_CACHE_HOME'] ?? path.join(homedir(), '.cache'), 'palabre')
  return path.join(cache, 'schemathesis', 'bin', 'st')
}

/** The tool's hooks: a race of Python 3.11, the uploads' files, the list rules (see the file). */
const hooksFile = fileURLToPath(new URL('../schemathesis_hooks.py', import.meta.url))

export interface FuzzRun {
  /** `st`'s exit code: 0 when every check passed on every request. */
  code: number
  output: string
}

/**
 * The promises every answer is held to (docs/testing.md, "Fuzzing"): no 5xx, only documented
 * statuses, bodies of the documented shape, and every request the document calls valid accepted.
 */
export const fuzzChecks = [
  'not_a_server_error',
  'status_code_conformance',
  'response_schema_conformance',
  'positive_data_acceptance',
] as const

/**
 * The longest one request may take before the run calls it a failure: a net for a server that
 * hangs, far above the milliseconds a request takes, even on a loaded machine.
 */
export const requestTimeoutSeconds = 120

/**
 * Runs `st run` against a live OpenAPI document. Its work is bounded by examples, never by the
 * clock: deterministic generation and at most 20 examples an operation make every run send the
 * same requests (docs/testing.md, "Fuzzing"). `signal` ends the run (the test gave up on it).
 */
export const runSchemathesis = (
  schemaUrl: string,
  options: {
    configFile: string
    extraArgs?: string[]
    env?: Record<string, string>
    signal?: AbortSignal
  },
): Promise<FuzzRun> => {
  const bin = schemathesisBin()
  if (!existsSync(bin))
    throw new Error(`schemathesis is not installed at ${bin}: run bash scripts/bootstrap.sh`)
  const args = [
    '--config-file',
    options.configFile,
    'run',
    schemaUrl,
    '--checks',
    fuzzChecks.join(','),
    '--generation-deterministic',
    '--max-examples',
    '20',
    '--phases',
    'examples,coverage,fuzzing',
    '--workers',
    '2',
    '--request-timeout',
    String(requestTimeoutSeconds),
    '--suppress-health-check',
    'all',
    '--no-color',
    ...(options.extraArgs ?? []),
  ]
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      // schemathesis keeps a cache in its working folder: the run's own, never the checkout.
      cwd: path.dirname(options.configFile),
      env: { ...process.env, SCHEMATHESIS_HOOKS: hooksFile, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.signal ? { signal: options.signal } : {}),
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.on('error', (error) => {
      // An aborted run is the test's own doing: what it printed so far is its answer.
      if (options.signal?.aborted) resolve({ code: -1, output })
      else reject(error)
    })
    child.on('close', (code) => resolve({ code: code ?? -1, output }))
  })
}
