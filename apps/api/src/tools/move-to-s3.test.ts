// `pnpm files:move-to-s3` (docs/files.md, "Where files are kept"): a disk store's files, thumbnails
// and previews copied into a bucket of the run's SeaweedFS, checked, never twice, the disk left
// as it was.
import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { s3Env } from '@palabre/testing'
import type {} from '@palabre/testing/vitest-global-setup'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { loadMoveToS3Settings } from '../config.js'
import type { S3Settings } from '../config.js'
import { createDiskStore } from '../files/disk-store.js'
import { previewKeys } from '../files/file-store.js'
import type { FileStore } from '../files/file-store.js'
import { createS3Store } from '../files/s3-store.js'
import { newBucket, putBytes, storedBytes, storedKeys } from '../../test/stores.js'
import { copyToBucket, moveToS3 } from './move-to-s3.js'

let work = ''
let dir = ''
let settings: S3Settings
let bucket: FileStore
const lines: string[] = []
const say = (line: string) => lines.push(line)

const name = "Réunion d'été (2024)___Ab12Cd34Ef56.docx"
const photo = 'team photo___Zz98Yy76Xx54.png'
const files: Record<string, Buffer> = {
  [name]: randomBytes(200_000),
  [photo]: randomBytes(50_000),
  [`thumb_${photo}`]: randomBytes(5_000),
  [previewKeys(name).pdf]: Buffer.concat([Buffer.from('%PDF-'), randomBytes(30_000)]),
  [previewKeys('broken___Qq11Ww22Ee33.xls').failed]: Buffer.from('LibreOffice exited with 1.'),
  ['broken___Qq11Ww22Ee33.xls']: randomBytes(10_000),
}

/** Every file under the folder, with the sha256 of its bytes. */
const snapshot = async (folder: string): Promise<Record<string, string>> => {
  const seen: Record<string, string> = {}
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name)
      seen[relative(folder, path)] = createHash('sha256')
        .update(await readFile(path))
        .digest('hex')
    }
  return seen
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'palabre-move-'))
  dir = join(work, 'uploads')
  const disk = await createDiskStore(dir)
  for (const [key, bytes] of Object.entries(files)) await putBytes(disk, key, bytes)
  // An upload arriving while the copy runs: no key, and left where it is.
  await writeFile(join(dir, '.incoming', 'arriving'), 'half an upload')
  const s3 = inject('s3')
  settings = { ...s3, bucket: newBucket('move-to-s3'), forcePathStyle: true }
  bucket = await createS3Store(settings)
})
afterAll(async () => {
  await bucket.close()
  await rm(work, { recursive: true, force: true })
})

describe('moving the disk store to s3', () => {
  it('copies every key, each read back equal, and leaves the disk as it was', async () => {
    const before = await snapshot(dir)
    lines.length = 0
    // The bucket is made by the command when it does not exist yet.
    const counts = await moveToS3(dir, { ...settings, bucket: `${settings.bucket}-new` }, say)
    expect(counts).toEqual({ copied: 6, alreadyThere: 0, failed: 0 })
    expect(lines.at(-1)).toMatch(/^6 files in .*: copied 6, already there 0, failed 0\.$/)
    const made = await createS3Store({ ...settings, bucket: `${settings.bucket}-new` })
    try {
      expect(await storedKeys(made)).toEqual(Object.keys(files).sort())
      for (const [key, bytes] of Object.entries(files))
        expect((await storedBytes(made, key)).equals(bytes), key).toBe(true)
    } finally {
      await made.close()
    }
    expect(await snapshot(dir)).toEqual(before)
    expect(await readdir(join(dir, '.incoming'))).toEqual(['arriving'])
  })

  it('copies nothing a second time, and says so', async () => {
    expect(await moveToS3(dir, settings, say)).toMatchObject({ copied: 6 })
    lines.length = 0
    expect(await moveToS3(dir, settings, say)).toEqual({ copied: 0, alreadyThere: 6, failed: 0 })
    expect(lines.slice(-2)).toEqual([
      expect.stringMatching(/: copied 0, already there 6, failed 0\.$/),
      'Nothing to copy: the bucket holds every file already.',
    ])
  })

  it('copies again an object whose bytes differ, of the same size or not', async () => {
    await putBytes(bucket, name, randomBytes(files[name]!.length))
    await putBytes(bucket, `thumb_${photo}`, 'not the thumbnail')
    expect(await moveToS3(dir, settings, say)).toEqual({ copied: 2, alreadyThere: 4, failed: 0 })
    expect((await storedBytes(bucket, name)).equals(files[name]!)).toBe(true)
    expect((await storedBytes(bucket, `thumb_${photo}`)).equals(files[`thumb_${photo}`]!)).toBe(
      true,
    )
  })

  it('counts as failed a copy that reads back other bytes', async () => {
    await bucket.remove(photo)
    // A transfer that spoils what it carries: the bucket gets other bytes than the file's.
    const spoiling: FileStore = {
      ...bucket,
      put: (key, _path, type) => putBytes(bucket, key, 'spoilt', type),
    }
    const disk = await createDiskStore(dir, { prepare: false })
    lines.length = 0
    const counts = await copyToBucket({ store: disk, dir }, spoiling, say)
    expect(counts).toEqual({ copied: 0, alreadyThere: 5, failed: 1 })
    expect(lines).toContain(`failed: ${photo}: the copy in the bucket reads back other bytes`)
  })
})

describe('pnpm files:move-to-s3', () => {
  const command = fileURLToPath(new URL('./move-to-s3.ts', import.meta.url))
  /** The command in a process of its own, as pnpm runs it (TypeScript through tsx here). */
  const run = (env: Record<string, string>) =>
    new Promise<{ code: number; out: string; err: string }>((done) => {
      execFile(
        process.execPath,
        ['--conditions=@palabre/source', '--import', 'tsx', command],
        { env },
        (error, out, err) => done({ code: error ? Number(error.code ?? 1) : 0, out, err }),
      )
    })

  it('reads UPLOAD_DIR and the S3 settings, says its counts and exits 0', async () => {
    const { code, out } = await run({ UPLOAD_DIR: dir, ...s3Env(inject('s3'), settings.bucket) })
    expect(out).toMatch(/^6 files in .*: copied 1, already there 5, failed 0\.$/m)
    expect(code).toBe(0)
  })

  it('reads a relative UPLOAD_DIR from the folder it was typed in, as pnpm says', () => {
    const s3 = s3Env(inject('s3'), 'any-bucket')
    expect(
      loadMoveToS3Settings({ ...s3, UPLOAD_DIR: 'data/uploads', INIT_CWD: '/srv/palabre' }),
    ).toMatchObject({ uploadDir: '/srv/palabre/data/uploads', s3: { bucket: 'any-bucket' } })
    expect(loadMoveToS3Settings({ ...s3, UPLOAD_DIR: '/var/palabre' }).uploadDir).toBe(
      '/var/palabre',
    )
  })

  it('exits 1 when the bucket cannot be reached, or a setting is missing', async () => {
    const unreachable = await run({
      UPLOAD_DIR: dir,
      ...s3Env({ ...inject('s3'), endpoint: 'http://127.0.0.1:9' }, settings.bucket),
    })
    expect(unreachable.code).toBe(1)
    expect(unreachable.err).toMatch(/^Cannot move: The file store's bucket .* cannot be used/m)
    const missing = await run({ UPLOAD_DIR: dir, S3_ENDPOINT: 'http://127.0.0.1:9' })
    expect(missing.code).toBe(1)
    expect(missing.err).toContain('S3_BUCKET: required')
  })
})
