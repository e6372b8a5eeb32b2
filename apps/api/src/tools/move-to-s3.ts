// `pnpm files:move-to-s3` (docs/files.md, "Where files are kept"): copies every file of the disk
// store (UPLOAD_DIR) into the bucket of the S3_* settings, checked by reading each copy back,
// before the api is switched to FILE_STORE=s3. The folder is left as it is.
import { createHash } from 'node:crypto'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { extensionOf, fallbackContentType, servedContentTypes } from '@palabre/contracts'
import { ConfigError, loadMoveToS3Settings } from '../config.js'
import type { S3Settings } from '../config.js'
import { createDiskStore, diskPathOf } from '../files/disk-store.js'
import type { FileStore } from '../files/file-store.js'
import { createS3Store } from '../files/s3-store.js'

export interface MoveCounts {
  /** Copied into the bucket, and read back equal. */
  copied: number
  /** In the bucket already with the same bytes: left as they were. */
  alreadyThere: number
  /** Not copied, or copied and read back otherwise. */
  failed: number
}

/** The sha256 of what a store holds under `key`, read as a stream. */
const sha256Of = async (store: FileStore, key: string): Promise<string> => {
  const hash = createHash('sha256')
  for await (const chunk of await store.read(key)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** The type an object is stored with: what a download of that extension is served as. */
const contentTypeOf = (key: string): string => {
  if (key.endsWith('.failed')) return 'text/plain'
  return servedContentTypes[extensionOf(key)] ?? fallbackContentType
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/**
 * Copies every key of the disk store in `dir` into `bucket`: a key the bucket holds already with
 * the same sha256 is left; any other is put, then read back and its sha256 compared. Says each
 * failure and the counts through `say`.
 */
export const copyToBucket = async (
  disk: { store: FileStore; dir: string },
  bucket: FileStore,
  say: (line: string) => void,
): Promise<MoveCounts> => {
  const counts: MoveCounts = { copied: 0, alreadyThere: 0, failed: 0 }
  for await (const key of disk.store.keys()) {
    try {
      const wanted = await sha256Of(disk.store, key)
      const there = await bucket.size(key)
      if (there !== null && there === (await disk.store.size(key))) {
        if ((await sha256Of(bucket, key)) === wanted) {
          counts.alreadyThere++
          continue
        }
      }
      await bucket.put(key, diskPathOf(disk.dir, key), contentTypeOf(key))
      if ((await sha256Of(bucket, key)) !== wanted) {
        counts.failed++
        say(`failed: ${key}: the copy in the bucket reads back other bytes`)
        continue
      }
      counts.copied++
    } catch (error) {
      counts.failed++
      say(`failed: ${key}: ${reason(error)}`)
    }
  }
  const total = counts.copied + counts.alreadyThere + counts.failed
  say(
    `${total} files in ${resolve(disk.dir)}: copied ${counts.copied}, already there ` +
      `${counts.alreadyThere}, failed ${counts.failed}.`,
  )
  if (counts.copied === 0 && counts.failed === 0)
    say('Nothing to copy: the bucket holds every file already.')
  return counts
}

/**
 * The command: the disk store in `uploadDir` into the bucket of `s3` (made if missing). Nothing
 * on disk is changed, not even `.incoming` emptied: an api may be running on the folder.
 */
export const moveToS3 = async (
  uploadDir: string,
  s3: S3Settings,
  say: (line: string) => void = console.log,
): Promise<MoveCounts> => {
  const disk = await createDiskStore(uploadDir, { prepare: false })
  const bucket = await createS3Store(s3)
  try {
    say(`Copying ${resolve(uploadDir)} into the bucket ${s3.bucket}…`)
    return await copyToBucket({ store: disk, dir: uploadDir }, bucket, say)
  } finally {
    await bucket.close()
    await disk.close()
  }
}

const main = async () => {
  try {
    const { uploadDir, s3 } = loadMoveToS3Settings()
    const counts = await moveToS3(uploadDir, s3)
    process.exitCode = counts.failed > 0 ? 1 : 0
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : `Cannot move: ${reason(error)}`)
    process.exitCode = 1
  }
}

// Run as a command, not when a test imports it.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main()
