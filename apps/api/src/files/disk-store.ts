import { randomUUID } from 'node:crypto'
import { copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createWriteStream } from 'node:fs'
import { FileNotStored, keyIsSafe } from './file-store.js'
import type { FileStore } from './file-store.js'

/** Temporary files of uploads and puts, inside the folder (never a key). */
export const INCOMING = '.incoming'
const PREVIEWS = '.previews'

const isMissing = (error: unknown): boolean => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

/** Where the disk store in `dir` keeps `key`: a path below the folder, as keys are. */
export const diskPathOf = (dir: string, key: string): string => {
  if (!keyIsSafe(key)) throw new TypeError(`Not a file key: ${JSON.stringify(key)}`)
  return join(resolve(dir), key)
}

export interface DiskStoreOptions {
  /**
   * Make the folder and empty `.incoming` of what a stopped process left (the api's own store,
   * the default); false for a tool that reads the folder of a running api and must change
   * nothing in it (it must then exist).
   */
  prepare?: boolean
}

/**
 * The files of one api node, in a folder of its disk (docs/files.md, "Where files are kept"):
 * a key is a path below the folder (`name`, `thumb_name`, `.previews/name.pdf`). A put copies
 * the file into `.incoming` then renames it into place, so readers see the old bytes or the
 * new; what a stopped process left in `.incoming` is deleted at start.
 */
export const createDiskStore = async (
  dir: string,
  { prepare = true }: DiskStoreOptions = {},
): Promise<FileStore> => {
  const root = resolve(dir)
  const incoming = join(root, INCOMING)
  if (prepare) {
    await mkdir(incoming, { recursive: true })
    for (const leftover of await readdir(incoming))
      await rm(join(incoming, leftover), { recursive: true, force: true })
  } else {
    const folder = await stat(root).catch(() => null)
    if (!folder?.isDirectory()) throw new Error(`There is no folder ${root}.`)
  }

  const pathOf = (key: string): string => diskPathOf(root, key)

  /** The open file under `key`, or FileNotStored. */
  const openFile = async (key: string): Promise<FileHandle> => {
    let handle: FileHandle
    try {
      handle = await open(pathOf(key), 'r')
    } catch (error) {
      if (isMissing(error)) throw new FileNotStored(key)
      throw error
    }
    if (!(await handle.stat()).isFile()) {
      await handle.close()
      throw new FileNotStored(key)
    }
    return handle
  }

  return {
    kind: 'disk',

    async put(key, localPath) {
      const target = pathOf(key)
      await mkdir(dirname(target), { recursive: true })
      const part = join(incoming, `put-${randomUUID()}`)
      try {
        await copyFile(localPath, part)
        await rename(part, target)
      } finally {
        await rm(part, { force: true })
      }
    },

    async size(key) {
      try {
        const info = await stat(pathOf(key))
        return info.isFile() ? info.size : null
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },

    async read(key, range): Promise<Readable> {
      const handle = await openFile(key)
      // The stream closes the file when it ends or is destroyed.
      return handle.createReadStream(range === undefined ? {} : { ...range })
    },

    async download(key, localPath) {
      const handle = await openFile(key)
      await pipeline(handle.createReadStream(), createWriteStream(localPath))
    },

    async remove(key) {
      await rm(pathOf(key), { force: true })
    },

    async *keys() {
      for (const [folder, prefix] of [
        [root, ''],
        [join(root, PREVIEWS), `${PREVIEWS}/`],
      ] as const) {
        const entries = await readdir(folder, { withFileTypes: true }).catch((error: unknown) => {
          if (isMissing(error)) return []
          throw error
        })
        for (const entry of entries) {
          const key = `${prefix}${entry.name}`
          if (entry.isFile() && keyIsSafe(key)) yield key
        }
      }
    },

    async close() {
      // Nothing held open between calls.
    },
  }
}
