// The citations of the files ESLint does not read (docs/architecture.md, "Citing the
// documents"): stylesheets, shell scripts, Dockerfiles, YAML, the nginx configuration,
// .env.example and the files at the root of the repository, which no package lints. They are
// held to the lint rule's checker, each line read without its comment marks.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { citationProblems, messages } from './doc-citations.js'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const docsDir = path.join(root, 'docs')

/** What ESLint reads: the JavaScript and TypeScript of the packages, each linting its folder. */
const linted = (file: string) =>
  /^(apps|packages|tooling)\//.test(file) && /\.(ts|tsx|js|mjs|cjs)$/.test(file)

/** Text files only: a NUL byte marks the sample videos, documents and pictures. */
const textOf = (file: string): string | null => {
  const bytes = readFileSync(path.join(root, file))
  return bytes.includes(0) ? null : bytes.toString('utf8')
}

/** A file's lines without their comment marks (#, //, /*, *), joined as one text. */
const withoutMarks = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/^\s*(#+|\/\/+|\/\*+|\*(?!\/))?\s*/, ''))
    .join(' ')

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && !file.endsWith('.md') && !linted(file))

describe('citations outside what ESLint reads', () => {
  it('finds the files to read', () => {
    for (const file of ['eslint.config.js', '.env.example', 'docker/nginx.conf'])
      expect(tracked).toContain(file)
  })

  it('cite only documents and sections that exist', () => {
    const problems = tracked.flatMap((file) => {
      const text = textOf(file)
      if (text === null) return []
      return citationProblems(withoutMarks(text), docsDir).map(
        ({ messageId, data }) =>
          `${file}: ${messages[messageId].replace(/\{\{(\w+)\}\}/g, (_, key: string) => data[key] ?? '')}`,
      )
    })
    expect(problems).toEqual([])
  })
})
