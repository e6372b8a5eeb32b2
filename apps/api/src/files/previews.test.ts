// Office previews (docs/files.md, "Previews"): converted by the real LibreOffice in its
// bubblewrap sandbox from the file store into it, in this process or as BullMQ jobs on a real
// Redis, with the disk store and the s3 store (SeaweedFS). Stand-in sandboxes only where a
// conversion must wait on demand (the turns people take, the queue's gauge).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
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
import { gatedSandbox } from '../../test/gated-sandbox.js'
import type { S3Settings } from '../config.js'
import { loadConfig } from '../config.js'
import { createDiskStore } from './disk-store.js'
import { previewKeys } from './file-store.js'
import type { FileStore } from './file-store.js'
import { asksKey, PREVIEW_QUEUE, previewJobId } from './preview-jobs.js'
import { createPreviews, PreviewsBusy, PreviewUnavailable } from './previews.js'
import type { PreviewMaker, PreviewOptions } from './previews.js'
import { createS3Store } from './s3-store.js'
import { bubblewrapSandbox, findOnPath } from './sandbox.js'
import type { Sandbox } from './sandbox.js'

const docx = await sampleOffice('docx')
// A docx cut short: a zip without its end, from which LibreOffice writes no PDF.
const broken = docx.subarray(0, 2_000)
const { searchPath } = loadConfig({}).previews
const soffice = await findOnPath('soffice', searchPath)
const bwrap = await findOnPath('bwrap', searchPath)
const nodeScript = fileURLToPath(new URL('../../test/preview-node.ts', import.meta.url))

let work = ''
let redis: RunningRedis
let s3: S3Access
let ownS3: RunningS3 | undefined
let sandbox: Sandbox
beforeAll(async () => {
  if (soffice === undefined) throw new Error('These tests need LibreOffice (soffice) on the PATH.')
  if (bwrap === undefined) throw new Error('These tests need bubblewrap (bwrap) on the PATH.')
  sandbox = await bubblewrapSandbox(bwrap, soffice)
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
    sandbox,
    timeoutMs: 60_000,
    perPerson: 3,
    // Its conversions' folders in this file's, so none is left behind by a killed node.
    workRoot: work,
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
  const deadline = Date.now() + 300_000
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    const why = gone()
    if (why !== undefined) throw new Error(why)
    if (Date.now() > deadline) throw new Error('Nothing came within 5 minutes.')
    await new Promise((done) => setTimeout(done, 50))
  }
}

/**
 * A stand-in for soffice in a folder of its own (the sandbox shows it read-only, as it would
 * an installation outside /usr), running `body` in the conversion's folder, `/job`.
 */
const standIn = async (body: string): Promise<string> => {
  const folder = join(work, `bin-${randomBytes(4).toString('hex')}`)
  await mkdir(folder)
  const path = join(folder, 'soffice')
  await writeFile(path, `#!/bin/sh\ncd /job\n${body}\n`)
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
      const keys = await Promise.all([1, 2, 3].map(() => previews.pdfOf(name, 'ann')))
      expect(keys).toEqual(Array(3).fill(previewKeys(name).pdf))
      expect(conversions).toEqual(['ok'])
      expect((await bytesOf(store, previewKeys(name).pdf)).subarray(0, 5).toString()).toBe('%PDF-')
      // Asked again later: the stored PDF, nothing converted.
      expect(await previews.pdfOf(name, 'ann')).toBe(previewKeys(name).pdf)
      expect(conversions).toEqual(['ok'])
      expect(await previews.pending()).toBe(0)
    })

    it('remember a document that failed to convert, and fail fast after', async () => {
      const { store } = await newStore(kind)
      const name = await upload(store, 'docx', broken)
      const { previews, conversions } = node({ store, redisUrl: redisUrl() })
      await expect(previews.pdfOf(name, 'ann')).rejects.toThrow('LibreOffice wrote no PDF.')
      expect(conversions).toEqual(['failed'])
      expect(await previewKeysIn(store)).toEqual([previewKeys(name).failed])
      const again = previews.pdfOf(name, 'ann')
      await expect(again).rejects.toBeInstanceOf(PreviewUnavailable)
      await expect(again).rejects.toThrow('LibreOffice wrote no PDF.')
      expect(conversions).toEqual(['failed'])
    })

    it('are off without a sandbox, say why, and store nothing', async () => {
      const { store } = await newStore(kind)
      const name = await upload(store, 'docx', docx)
      const { previews } = node({
        store,
        redisUrl: redisUrl(),
        sandbox: { off: 'bubblewrap cannot make a sandbox here' },
      })
      const asked = previews.pdfOf(name, 'ann')
      await expect(asked).rejects.toBeInstanceOf(PreviewUnavailable)
      await expect(asked).rejects.toThrow(
        'Office previews are off on this server: bubblewrap cannot make a sandbox here.',
      )
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
    expect(await a.previews.pdfOf(first, 'ann')).toBe(previewKeys(first).pdf)
    // Made through A (by whichever node's worker took the job), served by B as it is.
    expect(await b.previews.pdfOf(first, 'ann')).toBe(previewKeys(first).pdf)
    expect([...a.conversions, ...b.conversions]).toEqual(['ok'])

    const second = await upload(store, 'xlsx', await sampleOffice('xlsx'))
    const keys = await Promise.all(
      [a, b, a, b].map(({ previews }) => previews.pdfOf(second, 'ann')),
    )
    expect(keys).toEqual(Array(4).fill(previewKeys(second).pdf))
    expect([...a.conversions, ...b.conversions]).toEqual(['ok', 'ok'])
  })
})

describe('a node killed in the middle of a conversion', () => {
  it('loses nothing: its job goes back to the queue and another node converts it', async () => {
    const { store, place } = await newStore('s3')
    const name = await upload(store, 'docx', docx)
    const id = previewJobId(name)
    // A converter that never ends; its sandbox dies with the node that started it.
    const hanging = await standIn('exec sleep 600')

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
          work,
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      )
      const exited = new Promise<void>((done) => child.once('exit', () => done()))
      await active
      child.kill('SIGKILL')
      await exited

      // Node 2 asks for the same document: it shares the dead node's job, which its stalled
      // check gives back to the queue once node 1's hold has expired, and converts it.
      const survivor = node({ store, redisUrl: redis.url })
      expect(await survivor.previews.pdfOf(name, 'ann')).toBe(previewKeys(name).pdf)
      await stalled
      expect(survivor.conversions).toEqual(['ok'])
      expect((await bytesOf(store, previewKeys(name).pdf)).subarray(0, 5).toString()).toBe('%PDF-')
    } finally {
      await events.close()
      // Closing the events may have closed their client already.
      if (eventsClient.isOpen) await eventsClient.close()
    }
  })
})

describe('office previews, converter stand-ins', () => {
  it('remember a conversion that ran past its time', async () => {
    const hangs = await standIn('sleep 600 &\nwait')
    const { store } = await newStore('disk')
    const name = await upload(store, 'docx', docx)
    const { previews, conversions } = node({
      store,
      sandbox: await bubblewrapSandbox(bwrap ?? '', hangs),
      timeoutMs: 300,
    })
    await expect(previews.pdfOf(name, 'ann')).rejects.toThrow(
      'The conversion took longer than 300 ms.',
    )
    expect(conversions).toEqual(['failed'])
    expect(await previewKeysIn(store)).toEqual([previewKeys(name).failed])
    await expect(previews.pdfOf(name, 'ann')).rejects.toThrow(
      'The conversion took longer than 300 ms.',
    )
    expect(conversions).toEqual(['failed'])
  })

  it('leave nothing of a conversion on this machine', async () => {
    const { store } = await newStore('disk')
    const name = await upload(store, 'docx', docx)
    const { previews } = node({ store })
    expect(await previews.pdfOf(name, 'ann')).toBe(previewKeys(name).pdf)
    expect((await readdir(work)).filter((entry) => entry.startsWith('palabre-preview-'))).toEqual(
      [],
    )
  })

  it.each(modes)(
    'count the conversions waiting and running, %s (the metrics gauge)',
    async (_mode, redisUrl) => {
      const gated = gatedSandbox()
      const { store } = await newStore('disk')
      const labels = ['gauge-1', 'gauge-2']
      const names = [
        await upload(store, 'docx', Buffer.from(labels[0] ?? '')),
        await upload(store, 'xlsx', Buffer.from(labels[1] ?? '')),
      ]
      const { previews, conversions } = node({
        store,
        sandbox: gated.sandbox,
        redisUrl: redisUrl(),
      })
      expect(await previews.pending()).toBe(0)
      const made = names.map((name) => previews.pdfOf(name, 'ann'))
      // One converting, held by the stand-in; the other waiting its turn.
      await until(
        async () => ((await previews.pending()) === 2 ? true : undefined),
        () => undefined,
      )
      for (const label of labels) await gated.open(label)
      expect(await Promise.all(made)).toEqual(names.map((name) => previewKeys(name).pdf))
      expect(await previews.pending()).toBe(0)
      expect(conversions).toEqual(['ok', 'ok'])
    },
  )
})

describe.each(modes)('people asking for previews %s', (_mode, redisUrl) => {
  /** Documents whose bytes are their labels, for the gated sandbox to tell apart. */
  const documents = (store: FileStore, labels: string[]) =>
    Promise.all(labels.map((label) => upload(store, 'docx', Buffer.from(label))))

  it("take turns: one person's documents do not hold another's", async () => {
    const { store } = await newStore('disk')
    const gated = gatedSandbox()
    const { previews } = node({ store, sandbox: gated.sandbox, redisUrl: redisUrl() })
    const labels = ['ann-1', 'ann-2', 'ann-3', 'bob-1'].map(
      (l) => `${l}-${randomBytes(3).toString('hex')}`,
    )
    const [a1, a2, a3, b1] = await documents(store, labels)
    const asked = [previews.pdfOf(a1 ?? '', 'ann')]
    await until(
      async () => (gated.started.length === 1 ? true : undefined),
      () => undefined,
    )
    asked.push(previews.pdfOf(a2 ?? '', 'ann'), previews.pdfOf(a3 ?? '', 'ann'))
    await until(
      async () => ((await previews.pending()) === 3 ? true : undefined),
      () => undefined,
    )
    // Bob asks last, while Ann's first converts and her two others wait.
    asked.push(previews.pdfOf(b1 ?? '', 'bob'))
    await until(
      async () => ((await previews.pending()) === 4 ? true : undefined),
      () => undefined,
    )
    for (let i = 0; i < 4; i += 1) {
      await until(
        async () => (gated.started.length > i ? true : undefined),
        () => undefined,
      )
      await gated.open(gated.started[i] ?? '')
    }
    await Promise.all(asked)
    expect(gated.started).toEqual([labels[0], labels[3], labels[1], labels[2]])
  })

  it("count a person's asks in the order they made them, whichever store read ends first", async () => {
    const { store: disk } = await newStore('disk')
    const gated = gatedSandbox()
    const labels = ['ann-1', 'ann-2', 'ann-3'].map((l) => `${l}-${randomBytes(3).toString('hex')}`)
    const [a1, a2, a3] = await documents(disk, labels)
    // The store's answer for her second document comes back last.
    let answerSecond = () => {}
    const secondAnswered = new Promise<void>((done) => (answerSecond = done))
    let secondAsked = () => {}
    const secondRead = new Promise<void>((done) => (secondAsked = done))
    let thirdAnswered = () => {}
    const thirdRead = new Promise<void>((done) => (thirdAnswered = done))
    const store: FileStore = {
      ...disk,
      size: async (key) => {
        if (key === previewKeys(a2 ?? '').pdf) {
          secondAsked()
          await secondAnswered
        }
        const size = await disk.size(key)
        if (key === previewKeys(a3 ?? '').failed) thirdAnswered()
        return size
      },
    }
    const { previews } = node({ store, sandbox: gated.sandbox, redisUrl: redisUrl(), perPerson: 2 })
    const first = previews.pdfOf(a1 ?? '', 'ann')
    const second = previews.pdfOf(a2 ?? '', 'ann')
    await secondRead
    const third = previews.pdfOf(a3 ?? '', 'ann')
    // Her third ask's read ends first, yet her first two hold her share: the third is refused.
    await thirdRead
    answerSecond()
    // Asked the other way round, her second would be the one refused: whichever is answered
    // first says which.
    const outcome = (which: string) => (ask: Promise<string>) =>
      ask.then(
        () => `${which} converted`,
        (error: unknown) => `${which} ${error instanceof PreviewsBusy ? 'refused' : 'failed'}`,
      )
    expect(await Promise.race([outcome('third')(third), outcome('second')(second)])).toBe(
      'third refused',
    )
    await gated.open(labels[0] ?? '')
    await gated.open(labels[1] ?? '')
    expect(await first).toBe(previewKeys(a1 ?? '').pdf)
    expect(await second).toBe(previewKeys(a2 ?? '').pdf)
    expect(gated.started).toEqual([labels[0], labels[1]])
  })

  it("refuse a person's previews past their share at once, not anyone else's", async () => {
    const { store } = await newStore('disk')
    const gated = gatedSandbox()
    const { previews } = node({
      store,
      sandbox: gated.sandbox,
      redisUrl: redisUrl(),
      perPerson: 2,
    })
    const labels = ['ann-1', 'ann-2', 'ann-3', 'bob-1'].map(
      (l) => `${l}-${randomBytes(3).toString('hex')}`,
    )
    const [a1, a2, a3, b1] = await documents(store, labels)
    const held = [previews.pdfOf(a1 ?? '', 'ann'), previews.pdfOf(a2 ?? '', 'ann')]
    await until(
      async () => ((await previews.pending()) === 2 ? true : undefined),
      () => undefined,
    )
    const refused = previews.pdfOf(a3 ?? '', 'ann')
    await expect(refused).rejects.toBeInstanceOf(PreviewsBusy)
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 60 })
    const bob = previews.pdfOf(b1 ?? '', 'bob')
    for (const label of [labels[0], labels[3], labels[1]]) await gated.open(label ?? '')
    await Promise.all([...held, bob])
    // Her share is free again: the refused document is converted when asked again.
    const later = previews.pdfOf(a3 ?? '', 'ann')
    await gated.open(labels[2] ?? '')
    expect(await later).toBe(previewKeys(a3 ?? '').pdf)
    expect(gated.started).toEqual([labels[0], labels[3], labels[1], labels[2]])
  })
})

describe('people asking for previews through two api nodes', () => {
  it('have one share across the nodes, forgotten as each ask ends', async () => {
    const { store } = await newStore('disk')
    const gated = gatedSandbox()
    const a = node({ store, sandbox: gated.sandbox, redisUrl: redis.url, perPerson: 2 })
    const b = node({ store, sandbox: gated.sandbox, redisUrl: redis.url, perPerson: 2 })
    const labels = ['cat-1', 'cat-2', 'cat-3'].map((l) => `${l}-${randomBytes(3).toString('hex')}`)
    const names = await Promise.all(
      labels.map((label) => upload(store, 'docx', Buffer.from(label))),
    )
    const asker = `cat-${randomBytes(3).toString('hex')}`
    const held = [a.previews.pdfOf(names[0] ?? '', asker), b.previews.pdfOf(names[1] ?? '', asker)]
    await until(
      async () => ((await a.previews.pending()) === 2 ? true : undefined),
      () => undefined,
    )
    await expect(a.previews.pdfOf(names[2] ?? '', asker)).rejects.toBeInstanceOf(PreviewsBusy)
    await expect(b.previews.pdfOf(names[2] ?? '', asker)).rejects.toBeInstanceOf(PreviewsBusy)
    await gated.open(gated.started[0] ?? '')
    await until(
      async () => (gated.started.length === 2 ? true : undefined),
      () => undefined,
    )
    await gated.open(gated.started[1] ?? '')
    await Promise.all(held)
    const client = createClient({ url: redis.url })
    await client.connect()
    try {
      expect(await client.zCard(asksKey(asker))).toBe(0)
    } finally {
      await client.close()
    }
  })
})
