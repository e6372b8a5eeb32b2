// A stand-in for the previews' sandbox whose conversions each wait for the test to open them
// (docs/files.md, "Fair turns"): a document's label (its bytes as text, or the label of a
// `labelledDocx`) names it, `started` lists the labels in the order their conversions began,
// and an opened conversion writes a small PDF.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { vi } from 'vitest'
import type { Sandbox } from '../src/files/sandbox.js'
import { labelOf } from './office-documents.js'

export interface GatedSandbox {
  sandbox: Sandbox
  started: string[]
  /** Lets the conversion of `label` finish, once it has started. */
  open(label: string): Promise<void>
}

export const gatedSandbox = (): GatedSandbox => {
  const started: string[] = []
  const gates = new Map<string, () => void>()
  return {
    sandbox: {
      kind: 'stand-in',
      async convert({ dir, input }) {
        const label = await labelOf(await readFile(join(dir, input)))
        started.push(label)
        await new Promise<void>((open) => gates.set(label, open))
        await writeFile(join(dir, 'document.pdf'), `%PDF-1.4 ${label}`)
      },
    },
    started,
    async open(label) {
      const gate = await vi.waitFor(
        () => {
          const found = gates.get(label)
          if (!found) throw new Error(`the conversion of ${label} has not started`)
          return found
        },
        { timeout: 300_000, interval: 20 },
      )
      gate()
    },
  }
}
