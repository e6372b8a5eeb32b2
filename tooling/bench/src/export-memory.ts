// Memory of a streamed export (docs/export.md, "Memory"; docs/benchmarks.md, "6. Export
// memory"): a person with files totalling 1 GB and a few thousand posts downloads their export
// through the real HTTP server at full speed; the api process's RSS is sampled every 100 ms. The
// same figures for a person with 100 MB of files and the same posts are the baseline of the run.
// Prints figures, asserts nothing. Build first: `pnpm turbo run build --filter=@palabre/bench...`.
import { randomBytes } from 'node:crypto'
import { createServer, get } from 'node:http'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApi, createLogger, loadConfig, SESSION_COOKIE } from '@palabre/api'
import { startTestDatabase } from '@palabre/testing'
import { benchEnv } from './env.js'
import { machineLine } from './machine.js'

const {
  exportFiles: FILES,
  exportFileMb: FILE_MB,
  exportBaselineFiles: BASELINE_FILES,
  exportPosts: POSTS,
} = benchEnv

const MB = 1024 * 1024
const mb = (bytes: number) => (bytes / MB).toFixed(1)

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined)

interface Figures {
  bytes: number
  seconds: number
  rssStart: number
  rssPeak: number
  entries: number
}

/**
 * Checks the archive's end as it arrives: the end of central directory record, its entry count,
 * and that the central directory ends where the record starts (ZIP64 records when present).
 */
const completeZip = (tail: Buffer, total: number): number => {
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (eocd < 0 || eocd + 22 > tail.length) throw new Error('no end of central directory')
  let entries = tail.readUInt16LE(eocd + 10)
  let size = tail.readUInt32LE(eocd + 12)
  let offset = tail.readUInt32LE(eocd + 16)
  let cdEnd = total - tail.length + eocd
  const locator = eocd - 20
  if (locator >= 0 && tail.readUInt32LE(locator) === 0x07064b50) {
    const record = Number(tail.readBigUInt64LE(locator + 8)) - (total - tail.length)
    entries = Number(tail.readBigUInt64LE(record + 32))
    size = Number(tail.readBigUInt64LE(record + 40))
    offset = Number(tail.readBigUInt64LE(record + 48))
    cdEnd = total - tail.length + record
  }
  if (offset + size !== cdEnd) throw new Error('the central directory is not where it says')
  return entries
}

/** Downloads an export at full speed, sampling this process's RSS every 100 ms. */
const download = (port: number, cookie: string): Promise<Figures> =>
  new Promise((resolve, reject) => {
    gc()
    const rssStart = process.memoryUsage.rss()
    let rssPeak = rssStart
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss())
    }, 100)
    const started = performance.now()
    get({ host: '127.0.0.1', port, path: '/api/export', headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`export answered ${res.statusCode}`))
      let bytes = 0
      // The last chunks only, at least 1 MB of them: what the archive's end is read from.
      const last: Buffer[] = []
      let kept = 0
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        last.push(chunk)
        kept += chunk.length
        while (last.length > 1 && kept - last[0]!.length >= MB) kept -= last.shift()!.length
      })
      res.on('error', reject)
      res.on('end', () => {
        clearInterval(sampler)
        rssPeak = Math.max(rssPeak, process.memoryUsage.rss())
        const tail = Buffer.concat(last)
        try {
          const entries = completeZip(tail, bytes)
          resolve({
            bytes,
            seconds: (performance.now() - started) / 1000,
            rssStart,
            rssPeak,
            entries,
          })
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)))
        }
      })
    }).on('error', reject)
  })

const line = (label: string, f: Figures) =>
  `${label}: ${mb(f.bytes)} MB (${f.entries} entries) in ${f.seconds.toFixed(1)} s, ` +
  `${mb(f.bytes / f.seconds)} MB/s; RSS start ${mb(f.rssStart)} MB, peak ${mb(f.rssPeak)} MB, ` +
  `growth ${mb(f.rssPeak - f.rssStart)} MB`

const main = async () => {
  console.log(machineLine('start'))
  const database = await startTestDatabase()
  console.log(`engine: ${database.engine} ${database.version}`)
  const dir = await mkdtemp(join(tmpdir(), 'palabre-bench-export-'))
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', UPLOAD_DIR: join(dir, 'up') })
  const api = await createApi(config, {
    mongoUrl: database.uri,
    dbName: `bench_export_${Date.now()}`,
    logger: createLogger('warn'),
  })
  const server = createServer(api.app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  const { domain } = api.ctx
  try {
    const people = [
      { phone: '33712000001', name: 'Large export' },
      { phone: '33712000002', name: 'Baseline export' },
    ]
    const cookies: string[] = []
    for (const person of people) {
      await domain.users.register({
        ...person,
        nomPrenom: person.name,
        indicatif: '33',
        mail: `${person.phone}@example.test`,
        password: 'bench-pass',
      })
      cookies.push(`${SESSION_COOKIE}=${(await domain.sessions.open(person.phone)).token}`)
    }
    const [large, baseline] = people as [(typeof people)[0], (typeof people)[0]]
    await domain.contacts.save(large.phone, { name: baseline.name, phone: baseline.phone })
    await domain.contacts.save(baseline.phone, { name: large.name, phone: large.phone })

    // The posts both take part in, one in ten discussed.
    let seeded = performance.now()
    for (let i = 0; i < POSTS; i++) {
      const idPostEmet = `bench-post-${i}`
      await domain.posts.send(
        { phone: large.phone, name: large.name },
        {
          idPostEmet,
          text: `Post ${i}: ${'lorem ipsum dolor sit amet '.repeat(4)}`,
          typePoste: '0',
          destinataires: [{ phone: baseline.phone, name: baseline.name }],
          groups: [],
        },
      )
      if (i % 10 === 0)
        await domain.comments.add(
          { phone: baseline.phone, name: baseline.name },
          {
            idPostEmet,
            idCmtEmet: `bench-cmt-${i}`,
            cmt: 'A reply',
            image: '',
            fileDocName: '',
            type: '3',
          },
        )
    }
    console.log(`seeded ${POSTS} posts in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)

    // Files of random bytes in the file store, recorded as an upload records them
    // (routes/files/files.ts).
    seeded = performance.now()
    const local = join(dir, 'file.part')
    for (const [owner, count] of [
      [large, FILES],
      [baseline, BASELINE_FILES],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const name = `bench ${i}___${owner.phone.slice(-1)}bench${String(i).padStart(5, '0')}.mp4`
        await writeFile(local, randomBytes(FILE_MB * MB))
        await api.ctx.store.put(name, local, 'video/mp4')
        await domain.files.record({
          name,
          uploader: owner.phone,
          kind: 'media',
          mime: 'video/mp4',
          size: FILE_MB * MB,
        })
      }
    }
    console.log(
      `wrote ${FILES + BASELINE_FILES} files of ${FILE_MB} MB in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    )

    // One unmeasured export first: the code's first run (compilation, pools) is no export's cost.
    await download(port, cookies[1]!)
    const base = await download(port, cookies[1]!)
    const big = await download(port, cookies[0]!)
    console.log(line('baseline', base))
    console.log(line('large   ', big))
    const growth = (f: Figures) => f.rssPeak - f.rssStart
    console.log(
      `large / baseline: bytes ${(big.bytes / base.bytes).toFixed(2)}x, time ${(big.seconds / base.seconds).toFixed(2)}x, RSS growth ${(growth(big) / Math.max(growth(base), 1)).toFixed(2)}x`,
    )
    console.log(
      `target: RSS growth of the large export under 50 MB: ${growth(big) < 50 * MB ? 'met' : 'missed'}`,
    )
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await api.ctx.domain.connection.dropDatabase().catch(() => undefined)
    await api.destroy()
    await database.stop()
    await rm(dir, { recursive: true, force: true })
    console.log(machineLine('end'))
  }
}

await main()
