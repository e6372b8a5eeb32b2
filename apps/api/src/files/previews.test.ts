import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captureLogger } from '../../test/capture-logger.js'
import { createPreviewMaker, findSoffice, PreviewUnavailable } from './previews.js'
import type { PreviewMaker } from './previews.js'

// The conversion itself runs against the real LibreOffice in routes/files/files.test.ts. These
// cases need a converter that fails or hangs on demand: small scripts stand in for soffice,
// taking its arguments (`--outdir DIR INPUT`) and counting their runs in a file.
let work = ''
let input = ''
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'palabre-previews-'))
  input = join(work, 'letter___abc.docx')
  await writeFile(input, 'not really a document')
})
const makers: PreviewMaker[] = []
afterAll(async () => {
  for (const made of makers) await made.close()
  await rm(work, { recursive: true, force: true })
})

const script = async (name: string, body: string) => {
  const path = join(work, name)
  await writeFile(
    path,
    [
      '#!/bin/sh',
      `echo run >> "${path}.runs"`,
      'for a; do in="$a"; [ "$prev" = --outdir ] && dir="$a"; prev="$a"',
      `  case "$a" in -env:UserInstallation=file://*) echo "\${a#*file://}" > "${path}.profile";; esac`,
      'done',
      body,
      '',
    ].join('\n'),
  )
  await chmod(path, 0o755)
  return path
}
const runs = async (path: string) =>
  (await readFile(`${path}.runs`, 'utf8').catch(() => '')).split('\n').filter(Boolean).length

const maker = (soffice: string | undefined, dir: string, timeoutMs = 5_000) => {
  const made = createPreviewMaker({ dir, soffice, timeoutMs, logger: captureLogger().logger })
  makers.push(made)
  return made
}

describe('office previews', () => {
  it('convert once, however many ask at the same time, then serve the cached PDF', async () => {
    const soffice = await script('ok', 'sleep 0.2; printf "%%PDF-1.4 fake" > "$dir/document.pdf"')
    const previews = maker(soffice, join(work, 'cache-ok'))
    const paths = await Promise.all([1, 2, 3].map(() => previews.pdfOf('letter___abc.docx', input)))
    expect(new Set(paths)).toEqual(new Set([join(work, 'cache-ok', 'letter___abc.docx.pdf')]))
    expect(await previews.pdfOf('letter___abc.docx', input)).toBe(paths[0])
    expect(await runs(soffice)).toBe(1)
    expect(await readFile(paths[0] ?? '', 'utf8')).toBe('%PDF-1.4 fake')
    // Its LibreOffice profile, made for this process, goes when it closes.
    const profile = (await readFile(`${soffice}.profile`, 'utf8')).trim()
    expect(profile).toContain('palabre-office-')
    expect((await stat(profile)).isDirectory()).toBe(true)
    await previews.close()
    await expect(stat(profile)).rejects.toThrow()
  })

  it('remember a failed conversion instead of trying again', async () => {
    const soffice = await script('fails', 'exit 3')
    const previews = maker(soffice, join(work, 'cache-fail'))
    await expect(previews.pdfOf('letter___abc.docx', input)).rejects.toThrow(
      'LibreOffice exited with 3.',
    )
    await expect(previews.pdfOf('letter___abc.docx', input)).rejects.toBeInstanceOf(
      PreviewUnavailable,
    )
    expect(await runs(soffice)).toBe(1)
  })

  it('kill a conversion that runs past its time, with the processes it started', async () => {
    const soffice = await script('hangs', `sleep 30 & echo $! > "${work}/child.pid"; wait`)
    const previews = maker(soffice, join(work, 'cache-slow'), 300)
    const started = Date.now()
    await expect(previews.pdfOf('letter___abc.docx', input)).rejects.toThrow(
      'The conversion took longer than 300 ms.',
    )
    expect(Date.now() - started).toBeLessThan(10_000)
    const child = Number(await readFile(join(work, 'child.pid'), 'utf8'))
    // The launcher's own child is gone too (signal 0 only asks whether it exists).
    for (let waited = 0; waited < 5_000; waited += 50) {
      try {
        process.kill(child, 0)
        await new Promise((done) => setTimeout(done, 50))
      } catch {
        break
      }
    }
    expect(() => process.kill(child, 0)).toThrow()
  })

  it('are unavailable without LibreOffice, and leave no file', async () => {
    const dir = join(work, 'cache-none')
    await expect(maker(undefined, dir).pdfOf('letter___abc.docx', input)).rejects.toThrow(
      'Previews need LibreOffice, which this server does not have.',
    )
    await expect(readdir(dir)).rejects.toThrow()
  })

  it('find soffice on the PATH, and nothing on an empty one', async () => {
    const bin = join(work, 'bin')
    await mkdir(bin)
    await writeFile(join(bin, 'soffice'), '#!/bin/sh\n')
    await chmod(join(bin, 'soffice'), 0o755)
    expect(await findSoffice(`/nonexistent:${bin}`)).toBe(join(bin, 'soffice'))
    expect(await findSoffice('')).toBeUndefined()
  })
})
