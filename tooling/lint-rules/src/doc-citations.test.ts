import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'
import { anchorOf, citationsIn, docCitations, headingsOf } from './doc-citations.js'

RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only

// Two documents of a docs folder of its own, so the cases do not follow the project's headings.
const docsDir = mkdtempSync(path.join(tmpdir(), 'doc-citations-'))
afterAll(() => rmSync(docsDir, { recursive: true, force: true }))
writeFileSync(
  path.join(docsDir, 'wall.md'),
  [
    '# The wall',
    '## Sending',
    '## Sessions and log-out',
    '### 7. Throughput, 1,000 sockets',
    '## Notes',
    '## Notes',
    '```sh',
    '# Not a heading',
    '```',
  ].join('\n'),
)
writeFileSync(path.join(docsDir, 'realtime.md'), '# Realtime\n\n## Delivery marks\n')

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } })
const options = [{ docsDir }]
const file = '/repo/apps/web/src/features/wall/x.ts'
const at = (code: string) => ({ code, filename: file, options })

/** One reported problem, as the rule words it. */
const noSection = (doc: string, section: string, line = 1, column?: number) => ({
  message: `docs/${doc} has no section "${section}": cite one of its headings as written, or add the section.`,
  line,
  ...(column === undefined ? {} : { column }),
})
const noDoc = (doc: string) => ({
  message: `docs/${doc} does not exist: cite a document of docs/.`,
})
const noAnchor = (doc: string, anchor: string) => ({
  message: `docs/${doc} has no heading whose anchor is #${anchor}.`,
})

tester.run('doc-citations', docCitations, {
  valid: [
    at('// Sent once (docs/wall.md, "Sending").'),
    // Several sections, of one document or of two; a section without the comma.
    at(
      '/** (docs/wall.md, "Sending", "Sessions and log-out"; docs/realtime.md, "Delivery marks") */',
    ),
    at('// The marks (docs/wall.md, "Sending" and "Sessions and log-out").'),
    at('// See docs/realtime.md "Delivery marks".'),
    // A heading with commas of its own, and one below another level.
    at('// (docs/wall.md, "7. Throughput, 1,000 sockets")'),
    // Wrapped over the lines of a block comment and of consecutive line comments.
    at('/**\n * What is sent (docs/wall.md, "Sessions\n * and log-out").\n */'),
    at('// What is sent (docs/wall.md,\n// "Sessions and log-out").'),
    // A whole document, and a link's anchor (a repeated heading's second is -1).
    at('// The wall: docs/wall.md; see [the marks](docs/realtime.md#delivery-marks).'),
    at('// [notes](docs/wall.md#notes), [more](docs/wall.md#notes-1)'),
    // Code is not a comment, and a folder merely named docs is not the project's.
    at("const path = 'docs/nothing.md'"),
    at('// apps/web/docs/nothing.md, "None"'),
  ],
  invalid: [
    {
      ...at('// Ticks (docs/wall.md, "Ticks").'),
      errors: [noSection('wall.md', 'Ticks', 1, 11)],
    },
    // Case as written.
    { ...at('// (docs/wall.md, "sending")'), errors: [noSection('wall.md', 'sending')] },
    // Each section of a list, and the line the citation starts on.
    {
      ...at('const a = 1\n/**\n * See (docs/wall.md, "Sending", "Paging"\n * and "Log-out").\n */'),
      errors: [noSection('wall.md', 'Paging', 3, 9), noSection('wall.md', 'Log-out', 3, 9)],
    },
    // A heading's beginning is not the heading; a line of fenced code is none.
    {
      ...at('// (docs/wall.md, "7. Throughput")'),
      errors: [noSection('wall.md', '7. Throughput')],
    },
    {
      ...at('// (docs/wall.md, "Not a heading")'),
      errors: [noSection('wall.md', 'Not a heading')],
    },
    // A document that is not there, with or without a section.
    { ...at('// (docs/ticks.md, "Ticks")'), errors: [noDoc('ticks.md')] },
    { ...at('/* docs/absent.md */'), errors: [noDoc('absent.md')] },
    // An anchor no heading has.
    {
      ...at('// [paging](docs/wall.md#paging)'),
      errors: [noAnchor('wall.md', 'paging')],
    },
  ],
})

describe('the checker', () => {
  it('reads each citation: its document, anchor and sections', () => {
    expect(
      citationsIn('(docs/wall.md, "A", "B" and "C"; docs/realtime.md#marks) docs/x/y.md "D"'),
    ).toEqual([
      { doc: 'wall.md', anchor: undefined, sections: ['A', 'B', 'C'], index: 1 },
      { doc: 'realtime.md', anchor: 'marks', sections: [], index: 33 },
      { doc: 'x/y.md', anchor: undefined, sections: ['D'], index: 57 },
    ])
  })

  it('gives headings as written and their anchors as GitHub does', () => {
    expect(anchorOf('8. Soak on the cluster')).toBe('8-soak-on-the-cluster')
    expect(anchorOf('Scope, paging and search')).toBe('scope-paging-and-search')
    expect(anchorOf('Downloads people open (CSV)')).toBe('downloads-people-open-csv')
    const { headings, anchors } = headingsOf('# Title\n## A b\n```\n## Code\n```\n## A b ##\n')
    expect([...headings]).toEqual(['Title', 'A b'])
    expect([...anchors]).toEqual(['title', 'a-b', 'a-b-1'])
  })
})
