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

  constructor(private readonly reader: Pick<ExportPagesReader, 'ownNames'>) {}

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
