// @ts-check
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * A comment that cites the project's documents must cite what is there (docs/architecture.md,
 * "Citing the documents"): `(docs/<name>.md, "Section")`, several sections (`"A", "B"` or
 * `"A" and "B"`), a section without the comma, a document alone, and a link's
 * `docs/<name>.md#anchor`. Each document must be in the configured folder, each section be one of
 * its headings as written (case included), each anchor the anchor of one of its headings.
 * Comments are read across their lines, so a citation may wrap. The checker is shared with the
 * test that reads the files ESLint does not (doc-citations.repo.test.ts).
 */

/** @typedef {{ docsDir: string }} Options */

/**
 * One citation in a text: its document, its sections and anchor, and where it starts.
 * @typedef {{ doc: string, sections: string[], anchor: string | undefined, index: number }} Citation
 */

const citationPattern =
  /(?<![\w./-])docs\/((?:[\w-]+\/)*[\w-]+\.md)(?:#([\w-]+))?((?:(?:\s*,\s*|\s+and\s+|\s+)"[^"]*")*)/g

/**
 * The citations of a text, its comment markers already taken out.
 * @param {string} text
 * @returns {Citation[]}
 */
export const citationsIn = (text) =>
  [...text.matchAll(citationPattern)].map((match) => ({
    doc: match[1] ?? '',
    anchor: match[2],
    sections: [...(match[3] ?? '').matchAll(/"([^"]*)"/g)].map((quoted) => quoted[1] ?? ''),
    index: match.index,
  }))

/**
 * A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces as hyphens.
 * @param {string} heading
 */
export const anchorOf = (heading) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')

/**
 * The headings of a Markdown document, as written, and their anchors (a repeated heading's
 * second anchor ends in -1, as on GitHub). Lines of fenced code are not headings.
 * @param {string} markdown
 * @returns {{ headings: Set<string>, anchors: Set<string> }}
 */
export const headingsOf = (markdown) => {
  const headings = new Set()
  const anchors = new Set()
  const seen = new Map()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1]
    if (heading === undefined || heading === null) continue
    headings.add(heading)
    const anchor = anchorOf(heading)
    const times = seen.get(anchor) ?? 0
    seen.set(anchor, times + 1)
    anchors.add(times === 0 ? anchor : `${anchor}-${times}`)
  }
  return { headings, anchors }
}

/** Documents read once per process: a lint run reads each at most once. */
const documents = new Map()

/**
 * The headings of a document of the folder, or null when it has none by that name.
 * @param {string} docsDir
 * @param {string} doc
 */
const documentOf = (docsDir, doc) => {
  const file = path.join(docsDir, doc)
  if (!documents.has(file))
    documents.set(
      file,
      existsSync(file) && statSync(file).isFile() ? headingsOf(readFileSync(file, 'utf8')) : null,
    )
  return documents.get(file)
}

/**
 * A problem of a citation: its message, what the message names, and where the citation starts.
 * @typedef {{ index: number, messageId: 'missingDoc' | 'missingSection' | 'missingAnchor', data: Record<string, string> }} Problem
 */

/**
 * What is wrong with the citations of a text: one problem per missing document, section or
 * anchor.
 * @param {string} text
 * @param {string} docsDir
 * @returns {Problem[]}
 */
export const citationProblems = (text, docsDir) => {
  /** @type {Problem[]} */
  const problems = []
  for (const { doc, sections, anchor, index } of citationsIn(text)) {
    const found = documentOf(docsDir, doc)
    if (found === null) {
      problems.push({ index, messageId: 'missingDoc', data: { doc } })
      continue
    }
    for (const section of sections)
      if (!found.headings.has(section))
        problems.push({ index, messageId: 'missingSection', data: { doc, section } })
    if (anchor !== undefined && !found.anchors.has(anchor))
      problems.push({ index, messageId: 'missingAnchor', data: { doc, anchor } })
  }
  return problems
}

export const messages = {
  missingDoc: 'docs/{{doc}} does not exist: cite a document of docs/.',
  missingSection:
    'docs/{{doc}} has no section "{{section}}": cite one of its headings as written, or add the section.',
  missingAnchor: 'docs/{{doc}} has no heading whose anchor is #{{anchor}}.',
}

/**
 * A run of comments read as one text: line comments on consecutive lines together, a block
 * comment alone; each line without its comment marks, the lines joined by a space. `at[i]` is
 * where the text's i-th character stands in the source.
 * @param {import('estree').Comment[]} comments
 */
const textOf = (comments) => {
  let text = ''
  /** @type {number[]} */
  const at = []
  for (const comment of comments) {
    const [start = 0] = comment.range ?? []
    let offset = start + 2
    for (const line of comment.value.split('\n')) {
      const lead = /^\s*(\*(?!\/)\s?)?\s*/.exec(line)?.[0].length ?? 0
      if (text !== '') {
        text += ' '
        at.push(offset)
      }
      for (let i = lead; i < line.length; i++) {
        text += line[i]
        at.push(offset + i)
      }
      offset += line.length + 1
    }
  }
  return { text, at }
}

/**
 * The comments of a file in runs: consecutive line comments make one run.
 * @param {import('estree').Comment[]} comments
 */
const runsOf = (comments) => {
  /** @type {import('estree').Comment[][]} */
  const runs = []
  for (const comment of comments) {
    const last = runs.at(-1)?.at(-1)
    if (
      last !== undefined &&
      last.type === 'Line' &&
      comment.type === 'Line' &&
      comment.loc &&
      last.loc &&
      comment.loc.start.line === last.loc.end.line + 1
    )
      runs.at(-1)?.push(comment)
    else runs.push([comment])
  }
  return runs
}

/** @type {import('eslint').Rule.RuleModule} */
export const docCitations = {
  meta: {
    type: 'problem',
    docs: { description: 'Cite only the documents and sections of docs/ that exist.' },
    schema: [
      {
        type: 'object',
        properties: { docsDir: { type: 'string' } },
        required: ['docsDir'],
        additionalProperties: false,
      },
    ],
    messages,
  },
  create(context) {
    const { docsDir } = /** @type {Options} */ (context.options[0])
    return {
      Program() {
        const { sourceCode } = context
        for (const run of runsOf(sourceCode.getAllComments())) {
          const { text, at } = textOf(run)
          for (const { index, messageId, data } of citationProblems(text, docsDir)) {
            const start = sourceCode.getLocFromIndex(at[index] ?? 0)
            context.report({ loc: { start, end: start }, messageId, data })
          }
        }
      },
    }
  },
}
