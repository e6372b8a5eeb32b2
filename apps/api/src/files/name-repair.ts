import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extensionOf, fileSuffixSeparator, thumbPrefix } from '@palabre/contracts'
import type { StoredNameRenames } from '@palabre/domain'
import type { FileStore } from './file-store.js'
import { previewKeys } from './file-store.js'
import { safeBase } from './upload-store.js'

/**
 * The stored name an earlier upload meant, when its garbling can be undone exactly, else
 * undefined (docs/files.md, "Names garbled by earlier uploads"). Uploads used to read a name's
 * UTF-8 bytes as latin1, one character a byte, then replaced what is no letter by `_`. The base
 * is repaired only when every one of its characters is such a byte, those bytes are valid UTF-8
 * that encodes back to the very same bytes (a `_` the sanitizer put in breaks the sequence it
 * stands in), and the text they give is what today's upload would keep. The id and the
 * extension are ASCII and stay.
 */
export const repairedFileName = (stored: string): string | undefined => {
  const cut = stored.lastIndexOf(fileSuffixSeparator)
  if (cut <= 0) return undefined
  const base = stored.slice(0, cut)
  if (!/[\u0080-\u00ff]/.test(base) || [...base].some((c) => c.charCodeAt(0) > 0xff))
    return undefined
  const bytes = Buffer.from(base, 'latin1')
  const text = bytes.toString('utf8')
  if (!Buffer.from(text, 'utf8').equals(bytes)) return undefined
  if (safeBase(`${text}.${extensionOf(stored)}`) !== text) return undefined
  return `${text}${stored.slice(cut)}`
}

/** What a start's repair did: the names repaired, and how many suspects it left as they were. */
export interface FileNameRepairReport {
  repaired: [from: string, to: string][]
  left: number
}

/** The keys of a stored name in the file store, each with its key under the new name and its type. */
const keyMoves = (from: string, to: string, mime: string) => {
  const [old, renamed] = [previewKeys(from), previewKeys(to)]
  return [
    { from, to, mime },
    { from: `${thumbPrefix}${from}`, to: `${thumbPrefix}${to}`, mime },
    { from: old.pdf, to: renamed.pdf, mime: 'application/pdf' },
    { from: old.failed, to: renamed.failed, mime: 'text/plain; charset=utf-8' },
  ]
}

/**
 * Copies what the store holds under `from` to `to`, through a local file (a store puts local
 * files). Nothing under `from`: nothing to copy (never made, or already moved and removed).
 */
const copyKey = async (store: FileStore, work: string, from: string, to: string, mime: string) => {
  if ((await store.size(from)) === null) return
  const local = join(work, 'copy')
  try {
    await store.download(from, local)
    await store.put(to, local, mime)
  } finally {
    await rm(local, { force: true })
  }
}

/**
 * Repairs, at start and once per database, the stored names earlier uploads garbled and whose
 * garbling can be undone (docs/files.md, "Names garbled by earlier uploads"). For each: its
 * keys are copied in the store (file, thumbnail, preview), the documents pointed at the new
 * name, the old keys removed, then its old record. Every step is safe to repeat, and the old
 * record, by which a start finds the name, goes last: a start that stops half-way is finished
 * by the next. Once a start has gone through every suspect, the repair is marked done, so a name
 * uploaded later (read as UTF-8, so never garbled) is never taken for one.
 */
export const repairFileNames = async (
  renames: StoredNameRenames,
  store: FileStore,
  now: Date,
): Promise<FileNameRepairReport> => {
  if (await renames.done()) return { repaired: [], left: 0 }
  const repaired: [string, string][] = []
  let left = 0
  const work = await mkdtemp(join(tmpdir(), 'palabre-rename-'))
  try {
    for (const { name, mime } of await renames.suspects()) {
      const to = repairedFileName(name)
      if (to === undefined) {
        left++
        continue
      }
      const moves = keyMoves(name, to, mime)
      for (const move of moves) await copyKey(store, work, move.from, move.to, move.mime)
      await renames.renameReferences(name, to)
      for (const move of moves) await store.remove(move.from)
      await renames.dropRecord(name)
      repaired.push([name, to])
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
  await renames.markDone(now)
  return { repaired, left }
}
