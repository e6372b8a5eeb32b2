// The two file stores of the api (docs/files.md, "Where files are kept") for tests that run the
// same cases on both: the disk store in the harness's folder, and the s3 store on the run's
// SeaweedFS (`defineNodeTestConfig({ s3: true })`), each suite in a bucket of its own.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { s3Env } from '@palabre/testing'
// Brings the harness's `inject('s3')` typing into this program (type-only, erased).
import type {} from '@palabre/testing/vitest-global-setup'
import { inject } from 'vitest'
import type { FileStore } from '../src/files/file-store.js'

export type StoreKind = 'disk' | 's3'
export const storeKinds: StoreKind[] = ['disk', 's3']

/** A bucket name no other suite of the run uses (3 to 63 lower-case letters, digits, dashes). */
export const newBucket = (label: string): string =>
  `${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)}-${randomBytes(6).toString('hex')}`.replace(/^-+/, '')

/** The api's settings for a store: nothing for the disk (the harness's folder), s3 in a new bucket. */
export const storeEnv = (kind: StoreKind, label: string): Record<string, string> =>
  kind === 'disk' ? {} : s3Env(inject('s3'), newBucket(label))

/** Every key of a store, sorted. */
export const storedKeys = async (store: FileStore): Promise<string[]> => {
  const keys: string[] = []
  for await (const key of store.keys()) keys.push(key)
  return keys.sort()
}

/** The bytes stored under a key (or a range of them). */
export const storedBytes = async (
  store: FileStore,
  key: string,
  range?: { start: number; end: number },
): Promise<Buffer> => {
  const chunks: Buffer[] = []
  for await (const chunk of await store.read(key, range)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Stores bytes under a key, through a local file as the api's own puts do. */
export const putBytes = async (
  store: FileStore,
  key: string,
  bytes: Buffer | string,
  contentType = 'application/octet-stream',
): Promise<void> => {
  const dir = await mkdtemp(join(tmpdir(), 'palabre-put-'))
  try {
    const local = join(dir, 'file')
    await writeFile(local, bytes)
    await store.put(key, local, contentType)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
