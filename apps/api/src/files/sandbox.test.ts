// The previews' sandbox (docs/files.md, "The sandbox"), with the real bubblewrap: what a
// program inside sees of the machine, and that a conversion past its time or called off is
// killed with everything it started. Stand-in programs play LibreOffice where its own behaviour
// does not matter; previews.test.ts and preview-sandbox.test.ts run the real one.
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.js'
import { chooseSandbox } from './choose-sandbox.js'
import { bubblewrapSandbox, containerSandbox, findOnPath, probeBubblewrap } from './sandbox.js'

const { searchPath } = loadConfig({}).previews
const bwrap = await findOnPath('bwrap', searchPath)

let work = ''
beforeAll(async () => {
  if (bwrap === undefined) throw new Error('These tests need bubblewrap (bwrap) on the PATH.')
  work = await mkdtemp(join(tmpdir(), 'palabre-sandbox-'))
})
afterAll(() => rm(work, { recursive: true, force: true }))

/**
 * A stand-in for soffice in a folder of its own (the sandbox shows that folder read-only, as it
 * shows an installation outside /usr): it runs `body` in the conversion's folder (`/job`
 * inside bubblewrap).
 */
const standIn = async (body: string): Promise<string> => {
  const folder = join(work, `bin-${randomBytes(4).toString('hex')}`)
  await mkdir(folder)
  const path = join(folder, 'soffice')
  await writeFile(path, `#!/bin/sh\n${body}\n`)
  await chmod(path, 0o755)
  return path
}

/** A conversion's folder holding one document. */
const jobFolder = async (): Promise<string> => {
  const dir = await mkdtemp(join(work, 'job-'))
  await writeFile(join(dir, 'document.docx'), 'not really a document')
  return dir
}

/** Whether a process whose arguments hold `marker` is running (signal-free: /proc is read). */
const running = async (marker: string): Promise<boolean> => {
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    const args = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
    if (args.split('\0').includes(marker)) return true
  }
  return false
}

const untilGone = async (marker: string) => {
  const deadline = Date.now() + 300_000
  while (await running(marker)) {
    if (Date.now() > deadline) throw new Error(`${marker} still runs after 5 minutes`)
    await new Promise((done) => setTimeout(done, 50))
  }
}

describe('the bubblewrap sandbox', () => {
  it('shows a conversion its own folder, the system read-only, no network and no variable of ours', async () => {
    const secretFolder = await mkdtemp(join(work, 'secret-'))
    await writeFile(join(secretFolder, 'stored.png'), 'someone else')
    const program = await standIn(
      [
        'env | sort > seen.txt',
        'ls / >> seen.txt',
        `cat "${secretFolder}/stored.png" >> seen.txt 2>&1 || echo "no secret" >> seen.txt`,
        // Only the loopback interface, and it is down: no address to reach anything.
        'cat /proc/net/dev | tail -n +3 | cut -d: -f1 | tr -d " " >> seen.txt',
        'touch /usr/written 2>/dev/null && echo "wrote /usr" >> seen.txt',
        'ls /job >> seen.txt',
      ].join('\n'),
    )
    const dir = await jobFolder()
    await (
      await bubblewrapSandbox(bwrap ?? '', program)
    ).convert({
      dir,
      input: 'document.docx',
      timeoutMs: 60_000,
    })
    const seen = (await readFile(join(dir, 'seen.txt'), 'utf8')).split('\n')
    const variables = seen.filter((line) => /^[A-Z_]+=/.test(line)).map((l) => l.split('=')[0])
    expect(
      variables.filter((name) => !['PWD', 'SHLVL', 'OLDPWD', '_'].includes(name ?? '')),
    ).toEqual(['HOME', 'LANG', 'PATH'])
    expect(seen).toContain('no secret')
    expect(seen).not.toContain('someone else')
    // The root holds the system's folders and the job's, not this machine's others.
    expect(seen).toContain('job')
    for (const hidden of ['root', 'home', 'work', 'var', 'srv', 'opt'])
      expect(seen).not.toContain(hidden)
    // /proc/net/dev lists the network's interfaces: loopback alone.
    expect(seen.filter((line) => /^(lo|eth\d+|ens\d+|veth\w*|docker\d+)$/.test(line))).toEqual([
      'lo',
    ])
    expect(seen).not.toContain('wrote /usr')
    expect(seen).toContain('document.docx')
  })

  it('kills a conversion that runs past its time, with what it started', async () => {
    const marker = `${600 + Math.floor(Math.random() * 300)}.${randomBytes(2).readUInt16BE()}`
    const program = await standIn(`sleep ${marker} &\nwait`)
    const sandbox = await bubblewrapSandbox(bwrap ?? '', program)
    const converting = sandbox.convert({
      dir: await jobFolder(),
      input: 'document.docx',
      timeoutMs: 500,
    })
    await expect(converting).rejects.toThrow('The conversion took longer than 500 ms.')
    await untilGone(marker)
  })

  it('kills a conversion its asker called off', async () => {
    const marker = `${600 + Math.floor(Math.random() * 300)}.${randomBytes(2).readUInt16BE()}`
    const program = await standIn(`sleep ${marker} &\ntouch /job/started\nwait`)
    const sandbox = await bubblewrapSandbox(bwrap ?? '', program)
    const dir = await jobFolder()
    const calledOff = new AbortController()
    const converting = sandbox.convert({
      dir,
      input: 'document.docx',
      timeoutMs: 600_000,
      signal: calledOff.signal,
    })
    // Called off once the program runs, so the kill has something to kill.
    const deadline = Date.now() + 300_000
    while (!(await readdir(dir)).includes('started')) {
      if (Date.now() > deadline) throw new Error('the stand-in never started')
      await new Promise((done) => setTimeout(done, 50))
    }
    calledOff.abort()
    await expect(converting).rejects.toThrow('The conversion was called off.')
    await untilGone(marker)
  })

  it('is found unusable where bubblewrap cannot make it, with the reason', async () => {
    expect(await probeBubblewrap(bwrap ?? '')).toBeUndefined()
    expect(await probeBubblewrap('/bin/false')).toBe(
      'bubblewrap cannot make a sandbox here (bubblewrap exited with 1.)',
    )
  })
})

describe('the container sandbox of the converter service', () => {
  it('gives LibreOffice no variable of ours and a profile in the conversion folder', async () => {
    // Run where the test runs (the container is the sandbox): in the conversion's folder.
    const program = await standIn('env | sort > seen.txt\necho "$1" >> seen.txt')
    const dir = await jobFolder()
    await containerSandbox(program).convert({ dir, input: 'document.docx', timeoutMs: 60_000 })
    const seen = (await readFile(join(dir, 'seen.txt'), 'utf8')).split('\n')
    const variables = seen.filter((line) => /^[A-Z_]+=/.test(line)).map((l) => l.split('=')[0])
    expect(
      variables.filter((name) => !['PWD', 'SHLVL', 'OLDPWD', '_'].includes(name ?? '')),
    ).toEqual(['HOME', 'LANG', 'PATH'])
    expect(seen).toContain(`-env:UserInstallation=file://${join(dir, '.profile')}`)
  })
})

describe('where previews run', () => {
  it('in bubblewrap when this machine has LibreOffice and can make the sandbox', async () => {
    const chosen = await chooseSandbox({
      soffice: undefined,
      searchPath,
      converterSocket: undefined,
    })
    expect('kind' in chosen && chosen.kind).toBe('bubblewrap')
  })

  it('at the converter service when one is configured', async () => {
    const chosen = await chooseSandbox({
      soffice: undefined,
      searchPath: '',
      converterSocket: join(work, 'converter.sock'),
    })
    expect('kind' in chosen && chosen.kind).toBe('converter service')
  })

  it('nowhere otherwise, and each time the reason says why', async () => {
    const onlySoffice = join(work, 'only-soffice')
    await mkdir(onlySoffice)
    await writeFile(join(onlySoffice, 'soffice'), '#!/bin/sh\n')
    await chmod(join(onlySoffice, 'soffice'), 0o755)
    expect(await chooseSandbox({ soffice: null, searchPath, converterSocket: undefined })).toEqual({
      off: 'SOFFICE_PATH is off',
    })
    expect(
      await chooseSandbox({ soffice: undefined, searchPath: '', converterSocket: undefined }),
    ).toEqual({
      off: 'LibreOffice (soffice) is not installed',
    })
    expect(
      await chooseSandbox({
        soffice: undefined,
        searchPath: onlySoffice,
        converterSocket: undefined,
      }),
    ).toEqual({
      off: 'bubblewrap (bwrap), which keeps LibreOffice in a sandbox, is not installed',
    })
  })

  it('finds programs on a PATH, and nothing on an empty one', async () => {
    const bin = join(work, 'bin')
    await mkdir(bin)
    await writeFile(join(bin, 'soffice'), '#!/bin/sh\n')
    await chmod(join(bin, 'soffice'), 0o755)
    expect(await findOnPath('soffice', `/nonexistent:${bin}`)).toBe(join(bin, 'soffice'))
    expect(await findOnPath('soffice', '')).toBeUndefined()
  })
})
