// The file store's contract (docs/files.md, "Where files are kept"), the same cases on both
// stores: the disk store in a temporary folder, the s3 store in a bucket of the run's SeaweedFS.
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { s3Env } from '@palabre/testing'
import type {} from '@palabre/testing/vitest-global-setup'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApi } from '../api.js'
import { ConfigError, loadConfig } from '../config.js'
import type { S3Settings } from '../config.js'
import { captureLogger } from '../../test/capture-logger.js'
import { newBucket, putBytes, storedBytes, storedKeys, storeKinds } from '../../test/stores.js'
import type { StoreKind } from '../../test/stores.js'
import { createDiskStore } from './disk-store.js'
import { FileNotStored, keyIsSafe, previewKeys } from './file-store.js'
import type { FileStore } from './file-store.js'
import { FileStoreUnreachable, createS3Store } from './s3-store.js'

let work = ''
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'palabre-store-'))
})
afterAll(() => rm(work, { recursive: true, force: true }))

/** The run's S3 server with a bucket of its own (made by the store at start). */
const s3Settings = (bucket = newBucket('store')): S3Settings => {
  const s3 = inject('s3')
  return {
    endpoint: s3.endpoint,
    bucket,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  }
}

const newStore = async (kind: StoreKind): Promise<FileStore> =>
  kind === 'disk'
    ? createDiskStore(await mkdtemp(join(work, 'disk-')))
    : createS3Store(s3Settings())

/** A local file holding `bytes`. */
const localFile = async (bytes: Buffer): Promise<string> => {
  const path = join(await mkdtemp(join(work, 'local-')), 'file')
  await writeFile(path, bytes)
  return path
}

describe.each(storeKinds)('the %s store', (kind) => {
  let store: FileStore
  beforeAll(async () => {
    store = await newStore(kind)
  })
  afterAll(() => store.close())

  it('is the kind it says', () => {
    expect(store.kind).toBe(kind)
  })

  it('keeps what is put, whole, with its size, and leaves the local file', async () => {
    const bytes = randomBytes(300_000)
    const local = await localFile(bytes)
    await store.put('minutes___a1b2c3d4e5f6.pdf', local, 'application/pdf')
    expect(await store.size('minutes___a1b2c3d4e5f6.pdf')).toBe(bytes.length)
    expect((await storedBytes(store, 'minutes___a1b2c3d4e5f6.pdf')).equals(bytes)).toBe(true)
    expect((await readFile(local)).equals(bytes)).toBe(true)
  })

  it('reads ranges, both ends included', async () => {
    const bytes = randomBytes(10_000)
    await putBytes(store, 'clip___rangesrange1.mp4', bytes)
    const cases = [
      { start: 0, end: 0 },
      { start: 0, end: 99 },
      { start: 4_000, end: 6_999 },
      { start: 9_999, end: 9_999 },
      { start: 1, end: 9_999 },
    ]
    for (const range of cases)
      expect(
        (await storedBytes(store, 'clip___rangesrange1.mp4', range)).equals(
          bytes.subarray(range.start, range.end + 1),
        ),
        `${range.start}-${range.end}`,
      ).toBe(true)
  })

  it('copies a stored file into a local one', async () => {
    const bytes = randomBytes(50_000)
    await putBytes(store, 'letter___download0001.docx', bytes)
    const target = join(await mkdtemp(join(work, 'download-')), 'letter.docx')
    await store.download('letter___download0001.docx', target)
    expect((await readFile(target)).equals(bytes)).toBe(true)
  })

  it('says FileNotStored for a key with nothing under it', async () => {
    const key = 'nothing___000000000000.pdf'
    expect(await store.size(key)).toBeNull()
    await expect(store.read(key)).rejects.toEqual(new FileNotStored(key))
    await expect(store.read(key, { start: 0, end: 9 })).rejects.toBeInstanceOf(FileNotStored)
    await expect(store.download(key, join(work, 'never'))).rejects.toBeInstanceOf(FileNotStored)
  })

  it('removes a key, and removing what is not there is no error', async () => {
    await putBytes(store, 'gone___removeremove.png', 'bytes')
    await store.remove('gone___removeremove.png')
    expect(await store.size('gone___removeremove.png')).toBeNull()
    await expect(store.read('gone___removeremove.png')).rejects.toBeInstanceOf(FileNotStored)
    await expect(store.remove('gone___removeremove.png')).resolves.toBeUndefined()
    await expect(store.remove('never___000000000000.png')).resolves.toBeUndefined()
  })

  it('replaces a key whole: a reader sees the old bytes or the new, never a mix', async () => {
    const key = 'video___replacereplac.mp4'
    const old = randomBytes(3 * 1024 * 1024)
    const next = randomBytes(2 * 1024 * 1024)
    await putBytes(store, key, old)
    // A reader half-way through when the replacement lands.
    const reading = await store.read(key)
    const chunks = reading[Symbol.asyncIterator]()
    const first = await chunks.next()
    expect(first.done).toBe(false)
    await putBytes(store, key, next)
    const rest: Buffer[] = [first.value as Buffer]
    for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next())
      rest.push(chunk.value as Buffer)
    const seen = Buffer.concat(rest)
    expect(seen.equals(old) || seen.equals(next)).toBe(true)
    // Readers while puts go on, each whole.
    const versions = [old, next]
    for (let round = 0; round < 4; round++) {
      const [got] = await Promise.all([
        storedBytes(store, key),
        putBytes(store, key, versions[round % 2]!),
      ])
      expect(versions.some((version) => version.equals(got))).toBe(true)
    }
    // Once a put is done, every reader has its bytes.
    await putBytes(store, key, next)
    expect(await store.size(key)).toBe(next.length)
    expect((await storedBytes(store, key)).equals(next)).toBe(true)
  })

  it('keeps names as stored names have them: spaces, accents, parentheses', async () => {
    const name = "Réunion d'été (2024) – ordre du jour___Ab12Cd34Ef56.pdf"
    const bytes = randomBytes(1_000)
    await putBytes(store, name, bytes)
    await putBytes(store, `thumb_${name}`, 'thumbnail')
    await putBytes(store, previewKeys(name).pdf, '%PDF-')
    expect((await storedBytes(store, name)).equals(bytes)).toBe(true)
    expect(
      (await storedBytes(store, name, { start: 10, end: 19 })).equals(bytes.subarray(10, 20)),
    ).toBe(true)
    expect(await store.size(`thumb_${name}`)).toBe('thumbnail'.length)
    expect(await storedKeys(store)).toEqual(
      expect.arrayContaining([name, `thumb_${name}`, previewKeys(name).pdf]),
    )
    await store.remove(name)
    expect(await store.size(name)).toBeNull()
  })

  it('refuses a key that is no key, before touching anything', async () => {
    const local = await localFile(Buffer.from('x'))
    for (const key of ['', '../escape', 'a/b', '.incoming', '.previews/../x', '.hidden'])
      await expect(store.put(key, local, 'text/plain'), key).rejects.toBeInstanceOf(TypeError)
    await expect(store.read('../../etc/passwd')).rejects.toBeInstanceOf(TypeError)
    await expect(store.size('a\\b')).rejects.toBeInstanceOf(TypeError)
  })
})

describe.each(storeKinds)('the keys of a %s store', (kind) => {
  it('are every stored name, thumbnail and preview, nothing else', async () => {
    const store = await newStore(kind)
    try {
      expect(await storedKeys(store)).toEqual([])
      const name = 'report___keyskeyskeys.docx'
      await putBytes(store, name, 'document')
      await putBytes(store, `thumb_photo___keyskeysphot.png`, 'thumbnail')
      await putBytes(store, previewKeys(name).pdf, '%PDF-')
      await putBytes(store, previewKeys(name).failed, 'LibreOffice exited with 1.')
      expect(await storedKeys(store)).toEqual(
        [
          name,
          'thumb_photo___keyskeysphot.png',
          previewKeys(name).pdf,
          previewKeys(name).failed,
        ].sort(),
      )
      await store.remove(previewKeys(name).failed)
      expect(await storedKeys(store)).not.toContain(previewKeys(name).failed)
    } finally {
      await store.close()
    }
  })
})

describe('keyIsSafe', () => {
  it('takes stored names, thumbnails and preview keys', () => {
    for (const key of [
      'a.pdf',
      'thumb_a.png',
      "Réunion d'été (2024)___Ab12Cd34Ef56.pdf",
      previewKeys('a b.docx').pdf,
      previewKeys('a b.docx').failed,
    ])
      expect(keyIsSafe(key), key).toBe(true)
  })

  it('refuses what could leave the store or name its own folders', () => {
    for (const key of [
      '',
      '.',
      '..',
      '../a.pdf',
      'a/b.pdf',
      'a\\b.pdf',
      'a\0.pdf',
      '.incoming',
      '.previews',
      '.previews/',
      '.previews/../a.pdf',
      '.previews/.a.pdf',
      '.previews/a/b.pdf',
      '/etc/passwd',
    ])
      expect(keyIsSafe(key), JSON.stringify(key)).toBe(false)
  })
})

describe('the disk store', () => {
  it('keeps its files in the folder, as stored names, thumb_ names and .previews/', async () => {
    const dir = await mkdtemp(join(work, 'layout-'))
    const store = await createDiskStore(dir)
    const name = 'notes___layoutlayout.docx'
    await putBytes(store, name, 'document')
    await putBytes(store, `thumb_${name}`, 'thumbnail')
    await putBytes(store, previewKeys(name).pdf, '%PDF-')
    expect((await readdir(dir)).sort()).toEqual(['.incoming', '.previews', name, `thumb_${name}`])
    expect(await readdir(join(dir, '.previews'))).toEqual([`${name}.pdf`])
    // A put leaves nothing behind in .incoming, where it wrote before renaming.
    expect(await readdir(join(dir, '.incoming'))).toEqual([])
  })

  it('empties .incoming at start, and never lists it', async () => {
    const dir = await mkdtemp(join(work, 'leftovers-'))
    await mkdir(join(dir, '.incoming'))
    await writeFile(join(dir, '.incoming', 'half-written'), 'partial')
    await writeFile(join(dir, 'kept___leftoverslef.pdf'), 'kept')
    const store = await createDiskStore(dir)
    expect(await readdir(join(dir, '.incoming'))).toEqual([])
    await writeFile(join(dir, '.incoming', 'arriving'), 'upload in progress')
    expect(await storedKeys(store)).toEqual(['kept___leftoverslef.pdf'])
  })
})

describe('the s3 store', () => {
  it('makes its bucket at start when there is none, and finds it the next time', async () => {
    const settings = s3Settings(newBucket('made-at-start'))
    const first = await createS3Store(settings)
    await putBytes(first, 'kept___bucketbucket.pdf', 'kept')
    await first.close()
    const again = await createS3Store(settings)
    expect(await storedKeys(again)).toEqual(['kept___bucketbucket.pdf'])
    await again.close()
  })

  it('fails the start, saying what to check, when the credentials are refused', async () => {
    const start = createS3Store({ ...s3Settings(), secretAccessKey: 'not-the-secret' })
    await expect(start).rejects.toBeInstanceOf(FileStoreUnreachable)
    await expect(start).rejects.toThrow(/cannot be used .*check S3_ENDPOINT/)
  })

  it('fails the start when nothing answers at the endpoint', async () => {
    const start = createS3Store({ ...s3Settings(), endpoint: 'http://127.0.0.1:9' })
    await expect(start).rejects.toThrow(
      /^The file store's bucket .* at http:\/\/127\.0\.0\.1:9 cannot be used \(ECONNREFUSED\)/,
    )
  })

  it('fails the api start with the same message', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      ...s3Env({ ...inject('s3'), secretAccessKey: 'not-the-secret' }, newBucket('api-start')),
    })
    await expect(
      createApi(config, {
        mongoUrl: 'mongodb://127.0.0.1:9/never',
        logger: captureLogger().logger,
      }),
    ).rejects.toThrow(/^The file store's bucket .* cannot be used/)
  })
})

describe('FILE_STORE and the S3 settings', () => {
  it('are the disk store unless s3 is asked for', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'disk' })
    expect(loadConfig({ FILE_STORE: '' }).fileStore).toEqual({ kind: 'disk' })
    expect(() => loadConfig({ FILE_STORE: 'ftp' })).toThrow(ConfigError)
  })

  it('read every S3 setting for s3', () => {
    const config = loadConfig({
      FILE_STORE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:8333',
      S3_BUCKET: 'palabre',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    })
    expect(config.fileStore).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:8333',
        bucket: 'palabre',
        region: 'us-east-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
    })
  })

  it('name each missing S3 setting when FILE_STORE=s3', () => {
    expect(() => loadConfig({ FILE_STORE: 's3', S3_ENDPOINT: 'http://127.0.0.1:8333' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n' +
          '  S3_BUCKET: required with FILE_STORE=s3\n' +
          '  S3_ACCESS_KEY_ID: required with FILE_STORE=s3\n' +
          '  S3_SECRET_ACCESS_KEY: required with FILE_STORE=s3',
      ),
    )
    expect(() =>
      loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' }),
    ).toThrow(/S3_ENDPOINT/)
  })
})
