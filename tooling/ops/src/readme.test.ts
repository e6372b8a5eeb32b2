// The README's list of documents names every document of docs/, and only those
// (docs/architecture.md, "Citing the documents"): a new page is found from the front door.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './repo.js'

/** The documents the README's "Documents" section links to, in its order. */
const listed = async () => {
  const readme = await readFile(join(repoRoot, 'README.md'), 'utf8')
  const section = /^### Documents\n([\s\S]*?)(?=^#)/m.exec(readme)?.[1] ?? ''
  return [...section.matchAll(/^- \[docs\/([\w-]+\.md)\]\(docs\/([\w-]+\.md)\)/gm)].map(
    ([line, text, target]) => {
      expect(target, line).toBe(text)
      return target
    },
  )
}

describe("the README's documents", () => {
  it('list every document of docs/, once, and nothing else', async () => {
    const documents = (await readdir(join(repoRoot, 'docs'))).filter((f) => f.endsWith('.md'))
    const names = await listed()
    expect(names.length).toBe(new Set(names).size)
    expect([...names].sort()).toEqual([...documents].sort())
  })
})
