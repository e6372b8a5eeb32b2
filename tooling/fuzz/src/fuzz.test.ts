// The product under schemathesis (docs/testing.md, "Fuzzing"): every operation of its OpenAPI
// document, with generated valid and invalid input, first anonymously and then as a signed-in
// person. Every answer must be a documented status with a body of the documented shape, none a
// server error, and every request the document calls valid must be accepted.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { serveForTests } from '@palabre/serve'
import type { ProductUnderTest } from '@palabre/serve'
import { signUpOverHttp } from '@palabre/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fuzzConfig } from './fuzz-config.js'
import { runSchemathesis } from './schemathesis.js'
import { writeUploadSamples } from './upload-samples.js'

/** The person the fuzzing signs up, an administrator (ADMIN_PHONES). */
const FUZZ_PHONE = '33612345678'

let product: ProductUnderTest
let schemaUrl: string
let token: string
/** The files the uploads are sent (schemathesis_hooks.py). */
let samples: string
/** Ends a run still going when the test gives up on it, so no `st` outlives the file. */
const runs = new AbortController()

beforeAll(async () => {
  // The fuzzed person is an administrator, so the signed-in phase reaches the administrators'
  // calls past their role check (docs/organisation.md, "Roles").
  product = await serveForTests('fuzz', { ADMIN_PHONES: `+${FUZZ_PHONE}` })
  schemaUrl = `${product.base}/api/openapi.json`
  token = await signUpOverHttp(product.base, product.otpLogFile, {
    phoneNumber: '0612345678',
    phone: FUZZ_PHONE,
    mail: 'fuzz@example.test',
    name: 'Fuzz Tester',
    password: 'fuzz-Secr3t-pass',
  })
  samples = await writeUploadSamples(schemaUrl, product.dir)
})

afterAll(async () => {
  runs.abort()
  await product?.stop()
})

const fuzz = (
  configFile: string,
  options: { env?: Record<string, string>; extraArgs?: string[] },
) =>
  runSchemathesis(schemaUrl, {
    configFile,
    ...options,
    env: { PALABRE_FUZZ_SAMPLES: samples, ...options.env },
    signal: runs.signal,
  })

/** The config file of a phase (fuzz-config.ts), in the product's folder. */
const config = (name: string, signedIn: boolean): string => {
  const file = path.join(product.dir, `${name}.toml`)
  writeFileSync(file, fuzzConfig(signedIn))
  return file
}

const expectClean = (run: { code: number; output: string }) => {
  // On failure the report of schemathesis says which request broke which promise.
  expect(run.code, run.output.slice(-20_000)).toBe(0)
  expect(run.output).toMatch(/passed/)
  // What was sent, for the test log.
  console.info(
    run.output.slice(
      run.output.lastIndexOf('=== SUMMARY') >= 0 ? run.output.lastIndexOf('=== SUMMARY') : -3000,
    ),
  )
}

describe('the api under fuzzing', () => {
  it('answers anonymous requests as documented, never with a server error', async () => {
    expectClean(await fuzz(config('anonymous', false), {}))
  })

  it('answers a signed-in person as documented, never with a server error', async () => {
    const run = await fuzz(config('signed-in', true), {
      env: { PALABRE_FUZZ_SESSION: token },
      // Ending the session would leave the rest of the phase anonymous.
      extraArgs: ['--exclude-operation-id', 'logout'],
    })
    expectClean(run)
    // The session outlived the phase: the signed-in calls were made signed in.
    const me = await fetch(schemaUrl.replace('openapi.json', 'auth/me'), {
      headers: { cookie: `palabre_session=${token}` },
    })
    expect(me.status).toBe(200)
    // As an administrator: the admin calls were fuzzed past their role check.
    expect(((await me.json()) as { role?: string }).role).toBe('admin')
  })
})
