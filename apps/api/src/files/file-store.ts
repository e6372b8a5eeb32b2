import type { Readable } from 'node:stream'

/**
 * Where every stored file lives (docs/files.md, "Where files are kept"): uploads, their
 * thumbnails and office previews, by key. `disk` keeps them in a folder of this machine (one
 * api node); `s3` in a bucket every api node reads (several nodes). The api never reads a
 * stored file by path: always through this, so both stores behave the same.
 *
 * Keys are a stored name (`report___a1b2c3d4e5f6.pdf`), its thumbnail (`thumb_<name>`) or a
 * preview key of `previewKeys`; `keyIsSafe` says which strings are keys at all.
 */
export interface FileStore {
  readonly kind: 'disk' | 's3'
  /**
   * Stores a finished local file under `key`, replacing what was there, atomically for readers
   * (they see the old bytes or the new, never half). The local file is left for the caller.
   */
  put(key: string, localPath: string, contentType: string): Promise<void>
  /** The size in bytes of what is stored under `key`, or null when nothing is. */
  size(key: string): Promise<number | null>
  /**
   * The bytes of `key`, whole or from `start` to `end` inclusive; rejects with `FileNotStored`
   * when nothing is stored under it.
   */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>
  /** Copies what is stored under `key` into a local file (for tools that need a path). */
  download(key: string, localPath: string): Promise<void>
  /** Removes `key`; nothing stored is no error. */
  remove(key: string): Promise<void>
  /** Every key stored, in no particular order. */
  keys(): AsyncIterable<string>
  /** Ends what the store holds open (clients, sockets). */
  close(): Promise<void>
}

/** Nothing is stored under the key asked for. */
export class FileNotStored extends Error {
  constructor(readonly key: string) {
    super(`Nothing is stored under ${key}.`)
  }
}

/** The keys of an office document's preview and of its remembered failure. */
export const previewKeys = (name: string) => ({
  pdf: `.previews/${name}.pdf`,
  failed: `.previews/${name}.failed`,
})

/**
 * A key names one stored thing and can never reach outside the store: a stored name or a
 * thumbnail's (no path separator, no leading dot, no NUL), or a preview's under `.previews/`.
 */
export const keyIsSafe = (key: string): boolean => {
  const plain = (name: string) => name !== '' && !name.startsWith('.') && !/[/\\\0]/.test(name)
  if (key.startsWith('.previews/')) return plain(key.slice('.previews/'.length))
  return plain(key)
}
