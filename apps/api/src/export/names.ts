import { displayPhoneKey } from '@palabre/contracts'
import type { ExportPagesReader } from '@palabre/domain'

/** Names kept at most: past it the book starts again, so memory does not grow with the people. */
const KEPT = 5_000

/**
 * The names the pages give people (docs/export.md, "index.html"): the name each gave their own
 * account, never the name someone else saved them under (a post's recipients carry the
 * sender's contact labels), and their phone as it is written when they have no account.
 * Read a few at a time as the pages need them, and kept up to `KEPT`.
 */
export class NameBook {
  private readonly known = new Map<string, string | null>()
  private readonly unnamed = new Map<string, boolean>()

  constructor(private readonly reader: Pick<ExportPagesReader, 'ownNames' | 'unnamedFolders'>) {}

  /** Reads which of these folders are unnamed, for those not known yet. */
  async learnFolders(ids: readonly string[]): Promise<void> {
    const unknown = [...new Set(ids)].filter((id) => !this.unnamed.has(id))
    if (unknown.length === 0) return
    if (this.unnamed.size + unknown.length > KEPT) this.unnamed.clear()
    const found = await this.reader.unnamedFolders(unknown)
    for (const id of unknown) this.unnamed.set(id, found.has(id))
  }

  /**
   * A folder's name as a post carries it, or null for an unnamed folder, whose stored name is
   * its creator's labels of the members: the pages name the members instead.
   */
  folder(ref: { idGroup: string; name: string }): string | null {
    return this.unnamed.get(ref.idGroup) === true ? null : ref.name
  }

  /** Reads the names of these phones that are not known yet. */
  async learn(phones: readonly string[]): Promise<void> {
    const unknown = [...new Set(phones)].filter((p) => !this.known.has(p))
    if (unknown.length === 0) return
    if (this.known.size + unknown.length > KEPT) this.known.clear()
    const names = await this.reader.ownNames(unknown)
    for (const phone of unknown) this.known.set(phone, names.get(phone) ?? null)
  }

  /** A learnt phone's own name, else the phone as it is written. */
  of(phone: string): string {
    const name = this.known.get(phone)
    return name === undefined || name === null || name.trim() === '' ? displayPhoneKey(phone) : name
  }

  /** The name and the phone, as the pages show a person: 'Ann Martin (+33 6 12 34 56 78)'. */
  full(phone: string): string {
    const shown = displayPhoneKey(phone)
    const name = this.of(phone)
    return name === shown ? shown : `${name} (${shown})`
  }
}
