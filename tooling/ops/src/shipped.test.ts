// What the servers' images ship (docs/benchmarks.md, "Where the benchmarks live"): each package
// an image builds compiles its code and nothing else: no benchmark, no test harness, no test.
import { readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './repo.js'

/** The packages the api and realtime images build (`--filter=@palabre/<app>...`) and run. */
const shipped = ['apps/api', 'apps/realtime', 'packages/domain', 'packages/contracts']

/** The files a package's build compiles, relative to the package, as tsc reads its config. */
const builtFiles = (dir: string): string[] => {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(repoRoot, dir, 'tsconfig.build.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      },
    },
  )
  if (!parsed) throw new Error(`${dir}/tsconfig.build.json could not be read`)
  return parsed.fileNames.map((file) => relative(join(repoRoot, dir), file))
}

describe('what ships', () => {
  it.each(shipped)('%s builds no benchmark, test harness or test', (dir) => {
    const files = builtFiles(dir)
    expect(files.length).toBeGreaterThan(0)
    expect(files.filter((file) => /(^|\/)(bench|testing|test)\/|\.test\.ts$/.test(file))).toEqual(
      [],
    )
  })

  it.each(['api', 'realtime', 'web'])(
    'the %s image leaves the harness built for the benchmarks out of its context',
    async (image) => {
      const ignored = (
        await readFile(join(repoRoot, `docker/${image}.Dockerfile.dockerignore`), 'utf8')
      )
        .split('\n')
        .map((line) => line.trim())
      expect(ignored).toEqual(expect.arrayContaining(['**/dist', '**/dist-testing']))
    },
  )
})
