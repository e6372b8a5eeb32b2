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

/** Works around a race of Python 3.11 in the tool itself (see the file). */
const hooksFile = fileURLToPath(new URL('../schemathesis_hooks.py', import.meta.url))

export interface FuzzRun {
  /** `st`'s exit code: 0 when every check passed on every request. */
  code: number
  output: string
}

/**
 * Runs `st run` against a live OpenAPI document. Deterministic generation and the example bound
 * make every run send the same requests (docs/testing.md, "Fuzzing"); the checks are the server's promises:
 * no 5xx, only documented statuses, bodies that match the documented schemas.
 */
export const runSchemathesis = (
  schemaUrl: string,
  options: { configFile: string; extraArgs?: string[]; env?: Record<string, string> },
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
    'not_a_server_error,status_code_conformance,response_schema_conformance',
    '--generation-deterministic',
    '--max-examples',
    '20',
    '--phases',
    'examples,coverage,fuzzing',
    '--workers',
    '2',
    '--request-timeout',
    '30',
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
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code: code ?? -1, output }))
  })
}
