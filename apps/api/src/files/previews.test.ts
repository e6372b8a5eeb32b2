// Office previews (docs/files.md, "Previews"): converted by the real LibreOffice from the file
// store into it, in this process or as BullMQ jobs on a real Redis, with the disk store and the
// s3 store (SeaweedFS). Stand-ins for soffice only where a converter must hang on demand.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startRedis, startS3Server } from '@palabre/testing'
import type { RunningRedis, RunningS3, S3Access } from '@palabre/testing'
import { sampleOffice } from '@palabre/testing/sample-files'
import { QueueEvents } from 'bullmq'
import { createClient } from 'redis'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { captureLogger } from '../../test/capture-logger.js'
import type { S3Settings } from '../config.js'
import { loadConfig } from '../config.js'
import { createDiskStore } from './disk-store.js'
import { previewKeys } from './file-store.js'
import type { FileStore } from './file-store.js'
import { PREVIEW_QUEUE, previewJobId } from './preview-jobs.js'
import { createPreviews, findSoffice, PreviewUnavailable } from './previews.js'
import type { PreviewMaker, PreviewOptions } from './previews.js'
import { createS3Store } from './s3-store.js'

const docx = await sampleOffice('docx')
// A docx cut short: a zip without its end, from which LibreOffice writes no PDF.
const broken = docx.subarray(0, 2_000)
const soffice = await findSoffice(loadConfig({}).previews.searchPath)
const nodeScript = fileURLToPath(new URL('../../test/preview-node.ts', import.meta.url))

let work = ''
let redis: RunningRedis
let s3: S3Access
let ownS3: RunningS3 | undefined
beforeAll(async () => {
  if (soffice === undefined) throw new Error('These tests need LibreOffice (soffice) on the PATH.')
  work = await mkdtemp(join(tmpdir(), 'palabre-previews-'))
  redis = await startRedis()
  // The run's S3 server when the config starts one, else this file's own.
  s3 = (inject('s3') as S3Access | undefined) ?? (ownS3 = await startS3Server())
})
const makers: PreviewMaker[] = []
const stores: FileStore[] = []
afterEach(async () => {
  for (const made of makers.splice(0)) await made.close()
})
afterAll(async () => {
  for (const store of stores.splice(0)) await store.close()
  await redis?.stop()
  await ownS3?.stop()
  await rm(work, { recursive: true, force: true })
})

type StoreKind = 'disk' | 's3'
type StorePlace = { kind: 'disk'; dir: string } | { kind: 's3'; s3: S3Settings }

/** An empty store of that kind (a new folder, a new bucket), and how a child opens it. */
const newStore = async (kind: StoreKind): Promise<{ store: FileStore; place: StorePlace }> => {
  const id = randomBytes(4).toString('hex')
  const place: StorePlace =
    kind === 'disk'
      ? { kind, dir: await mkdtemp(join(work, 'store-')) }
      : { kind, s3: { ...s3, bucket: `previews-${id}`, forcePathStyle: true } }
  const store =
    place.kind === 'disk' ? await createDiskStore(place.dir) : await createS3Store(place.s3)
  stores.push(store)
  return { store, place }
}

/** Stores `bytes` as an uploaded document of that extension, under a stored name. */
const upload = async (store: FileStore, ext: string, bytes: Buffer): Promise<string> => {
  const name = `letter___${randomBytes(6).toString('hex')}.${ext}`
  const path = join(work, name)
  await writeFile(path, bytes)
  await store.put(name, path, 'application/octet-stream')
  return name
}

const bytesOf = async (store: FileStore, key: string): Promise<Buffer> => {
  const chunks: Buffer[] = []
  for await (const chunk of await store.read(key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

const previewKeysIn = async (store: FileStore): Promise<string[]> => {
  const keys: string[] = []
  for await (const key of store.keys()) if (key.startsWith('.previews/')) keys.push(key)
  return keys
}

/** An api node's previews; `conversions` lists the outcome of each LibreOffice run it made. */
const node = (options: Pick<PreviewOptions, 'store'> & Partial<PreviewOptions>) => {
  const conversions: string[] = []
  const previews = createPreviews({
    soffice,
    timeoutMs: 60_000,
    logger: captureLogger().logger,
    onConversion: (_seconds, outcome) => conversions.push(outcome),
    // Holds as long as in production, looked after every second: BullMQ lets one stalled check
    // run per interval across the queue, so a node killed in a test is found within seconds.
    jobs: { lockDurationMs: 30_000, stalledIntervalMs: 1_000 },
    ...options,
  })
  makers.push(previews)
  return { previews, conversions }
}

/** Polls `read` until it gives a value; fails at once if `gone` says waiting is pointless. */
const until = async <T>(read: () => Promise<T | undefined>, gone: () => string | undefined) => {
  const deadline = Date.now() + 60_000
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    const why = gone()
    if (why !== undefined) throw new Error(why)
    if (Date.now() > deadline) throw new Error('Nothing came within 60 s.')
    await new Promise((done) => setTimeout(done, 50))
  }
}

/**
 * A stand-in for soffice running `body`, where `$dir` is the output folder it was given; it
 * writes that folder to `<path>.outdir` and its LibreOffice profile to `<path>.profile`.
 */
const standIn = async (name: string, body: string) => {
  const path = join(work, name)
  await writeFile(
    path,
    [
      '#!/bin/sh',
      'for a; do [ "$prev" = --outdir ] && dir="$a"; prev="$a"',
      `  case "$a" in -env:UserInstallation=file://*) echo "\${a#*file://}" > "${path}.profile";; esac`,
      'done',
      `echo "$dir" > "${path}.outdir"`,
      body,
      '',
    ].join('\n'),
  )
  await chmod(path, 0o755)
  return path
}

const modes = [
  ['in process', () => undefined],
  ['as BullMQ jobs', () => redis.url],
] as const
const storeKinds: StoreKind[] = ['disk', 's3']

describe.each(modes)('office previews %s', (_mode, redisUrl) => {
  describe.each(storeKinds)('with the %s store', (kind) => {
    it('convert once however many ask at once, then serve the stored PDF', async () => {
      const { store } = await newStore(kind)
      const name = await upload(store, 'docx', docx)
      const { previews, conversions } = node({ store, redisUrl: redisUrl() })
      const keys = await Promise.all([1, 2, 3].map(() => previews.pdfOf(name)))
      expect(keys).toEqual(Array(3).fill(previewKeys(name).pdf))
      expect(conversions).toEqual(['ok'])
      expect((await bytesOf(store, previewKeys(name).pdf)).subarray(0, 5).toString()).toBe('%PDF-')
      // Asked again later: the stored PDF, nothing converted.
      expect(await previews.pdfOf(name)).toBe(previewKeys(name).pdf)
      expect(conversions).toEqual(['ok'])
      expect(await previews.pending()).toBe(0)
    })

    it('remember a document that failed to convert, and fail fast after', async () => {
      const { store } = await newStore(kind)
      const name = await upload(store, 'docx', broken)
      const { previews, conversions } = node({ store, redisUrl: redisUrl() })
      await expect(previews.pdfOf(name)).rejects.toThrow('LibreOffice wrote no PDF.')
      expect(conversions).toEqual(['failed'])
      expect(await previewKeysIn(store)).toEqual([previewKeys(name).failed])
      const again = previews.pdfOf(name)
      await expect(again).rejects.toBeInstanceOf(PreviewUnavailable)
      await expect(again).rejects.toThrow('LibreOffice wrote no PDF.')
      expect(conversions).toEqual(['failed'])
    })

    it('are unavailable without LibreOffice, and store nothing', async () => {
      const { store } = await newStore(kind)
      const name = await upload(store, 'docx', docx)
      const { previews } = node({ store, redisUrl: redisUrl(), soffice: undefined })
      const asked = previews.pdfOf(name)
      await expect(asked).rejects.toBeInstanceOf(PreviewUnavailable)
      await expect(asked).rejects.toThrow('Previews need LibreOffice')
      expect(await previewKeysIn(store)).toEqual([])
    })
  })
})

describe.each(storeKinds)('office previews on two api nodes, with the %s store', (kind) => {
  it('are converted once, whichever node is asked first or at the same time', async () => {
    const { store } = await newStore(kind)
    const a = node({ store, redisUrl: redis.url })
    const b = node({ store, redisUrl: redis.url })
    const first = await upload(store, 'docx', docx)
    expect(await a.previews.pdfOf(first)).toBe(previewKeys(first).pdf)
    // Made through A (by whichever node's worker took the job), served by B as it is.
    expect(await b.previews.pdfOf(first)).toBe(previewKeys(first).pdf)
    expect([...a.conversions, ...b.conversions]).toEqual(['ok'])

    const second = await upload(store, 'xlsx', await sampleOffice('xlsx'))
    const keys = await Promise.all([a, b, a, b].map(({ previews }) => previews.pdfOf(second)))
    expect(keys).toEqual(Array(4).fill(previewKeys(second).pdf))
    expect([...a.conversions, ...b.conversions]).toEqual(['ok', 'ok'])
  })
})

describe('a node killed in the middle of a conversion', () => {
  it('loses nothing: its job goes back to the queue and another node converts it', async () => {
    const { store, place } = await newStore('s3')
    const name = await upload(store, 'docx', docx)
    const id = previewJobId(name)
    // A converter that never ends, and tells which process it is (its own process group).
    const pidFile = join(work, `soffice-${id}.pid`)
    const hanging = await standIn('hanging', `echo $$ > "${pidFile}"\nexec sleep 600`)

    const eventsClient = createClient({ url: redis.url })
    const events = new QueueEvents(PREVIEW_QUEUE, { connection: eventsClient })
    const seen = (event: 'active' | 'stalled') =>
      new Promise<void>((done) =>
        events.on(event, ({ jobId }: { jobId: string }) => {
          if (jobId === id) done()
        }),
      )
    const active = seen('active')
    const stalled = seen('stalled')
    await events.waitUntilReady()
    try {
      // Node 1, in a process of its own, asks and takes the job; no other worker runs yet.
      const child = spawn(
        process.execPath,
        [
          '--conditions=@palabre/source',
          '--import',
          'tsx',
          nodeScript,
          redis.url,
          JSON.stringify(place),
          hanging,
          // Its hold on the job lasts 3 s once it stops renewing it.
          '3000',
          '1000',
          name,
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      )
      const exited = new Promise<void>((done) => child.once('exit', () => done()))
      await active
      const soffice = await until(
        async () => Number(await readFile(pidFile, 'utf8').catch(() => '')) || undefined,
        () => (child.exitCode === null ? undefined : `node 1 exited with ${child.exitCode}`),
      )
      child.kill('SIGKILL')
      process.kill(-soffice, 'SIGKILL')
      await exited
      // What node 1 cannot delete any more: its conversion's folder and LibreOffice profile.
      for (const left of [`${hanging}.outdir`, `${hanging}.profile`])
        await rm((await readFile(left, 'utf8')).trim(), { recursive: true, force: true })

      // Node 2 asks for the same document: it shares the dead node's job, which its stalled
      // check gives back to the queue once node 1's hold has expired, and converts it.
      const survivor = node({ store, redisUrl: redis.url })
      expect(await survivor.previews.pdfOf(name)).toBe(previewKeys(name).pdf)
      await stalled
      expect(survivor.conversions).toEqual(['ok'])
      expect((await bytesOf(store, previewKeys(name).pdf)).subarray(0, 5).toString()).toBe('%PDF-')
    } finally {
      await events.close()
      // Closing the events may have closed their client already.
      if (eventsClient.isOpen) await eventsClient.close()
    }
  }, 120_000)
})

describe('office previews, converter stand-ins', () => {
  it('kill a conversion that runs past its time, with what it started, and remember it', async () => {
    const hangs = await standIn('hangs', `sleep 30 & echo $! > "${work}/child.pid"; wait`)
    const { store } = await newStore('disk')
    const name = await upload(store, 'docx', docx)
    const { previews, conversions } = node({ store, soffice: hangs, timeoutMs: 300 })
    const started = Date.now()
    await expect(previews.pdfOf(name)).rejects.toThrow('The conversion took longer than 300 ms.')
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(conversions).toEqual(['failed'])
    expect(await previewKeysIn(store)).toEqual([previewKeys(name).failed])
    const child = Number(await readFile(join(work, 'child.pid'), 'utf8'))
    // The launcher's own child is gone too (signal 0 only asks whether it exists).
    await until(
      async () => {
        try {
          process.kill(child, 0)
          return undefined
        } catch {
          return true
        }
      },
      () => undefined,
    )
  })

  it.each(modes)(
    'count the conversions waiting and running, %s (the metrics gauge)',
    async (_mode, redisUrl) => {
      const gate = join(work, `gate-${randomBytes(4).toString('hex')}`)
      const gated = await standIn(
        `gated-${randomBytes(4).toString('hex')}`,
        `while [ ! -e "${gate}" ]; do sleep 0.05; done\nprintf "%%PDF-1.4 fake" > "$dir/document.pdf"`,
      )
      const { store } = await newStore('disk')
      const names = [await upload(store, 'docx', docx), await upload(store, 'xlsx', docx)]
      const { previews, conversions } = node({ store, soffice: gated, redisUrl: redisUrl() })
      expect(await previews.pending()).toBe(0)
      const made = names.map((name) => previews.pdfOf(name))
      // One converting, held by the stand-in; the other waiting its turn.
      await until(
        async () => ((await previews.pending()) === 2 ? true : undefined),
        () => undefined,
      )
      await writeFile(gate, '')
      expect(await Promise.all(made)).toEqual(names.map((name) => previewKeys(name).pdf))
      expect(await previews.pending()).toBe(0)
      expect(conversions).toEqual(['ok', 'ok'])
    },
  )

  it('use a LibreOffice profile of their own, deleted when they close', async () => {
    const fake = await standIn('fake', 'printf "%%PDF-1.4 fake" > "$dir/document.pdf"')
    const { store } = await newStore('disk')
    const name = await upload(store, 'docx', docx)
    const { previews } = node({ store, soffice: fake })
    expect(await previews.pdfOf(name)).toBe(previewKeys(name).pdf)
    expect((await bytesOf(store, previewKeys(name).pdf)).toString()).toBe('%PDF-1.4 fake')
    const profile = (await readFile(`${fake}.profile`, 'utf8')).trim()
    expect(profile).toContain('palabre-office-')
    expect((await stat(profile)).isDirectory()).toBe(true)
    await previews.close()
    await expect(stat(profile)).rejects.toThrow()
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
