// GET /metrics (docs/operations.md, "Metrics"): guarded by METRICS_TOKEN, outside /api, and its
// request histogram names route templates, never the values a path carries.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../test/api-harness.js'
import type { ApiHarness, Member } from '../../test/api-harness.js'
import { createApp } from '../app.js'

const TOKEN = 'scraper-token-0123456789'

// A stand-in for LibreOffice that converts only once the test opens its gate, so the previews'
// queue can be read while conversions wait (the real conversion is tested in routes/files).
const work = await mkdtemp(join(tmpdir(), 'palabre-metrics-'))
const gate = join(work, 'gate')
const soffice = join(work, 'soffice')

const boot = useApiHarness({ METRICS_TOKEN: TOKEN, SOFFICE_PATH: soffice })
let h: ApiHarness
let member: Member
beforeAll(async () => {
  await writeFile(
    soffice,
    [
      '#!/bin/sh',
      'for a; do [ "$prev" = --outdir ] && dir="$a"; prev="$a"; done',
      `while [ ! -e "${gate}" ]; do sleep 0.05; done`,
      'printf "%%PDF-1.4 fake" > "$dir/document.pdf"',
      '',
    ].join('\n'),
  )
  await chmod(soffice, 0o755)
  h = await boot()
  member = await h.member('33611112222', 'Awa')
})
afterAll(async () => {
  await h.close()
  await rm(work, { recursive: true, force: true })
})

const scrape = async (): Promise<string> => {
  const res = await request(h.server)
    .get('/metrics')
    .set('Authorization', `Bearer ${TOKEN}`)
    .expect(200)
  return res.text
}

/** The value of one sample line, `name{labels} value`, or undefined when there is none. */
const sample = (text: string, name: string, labels: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `))
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1))
}

describe('GET /metrics', () => {
  it('does not exist while METRICS_TOKEN is unset: 404, with or without a token', async () => {
    // What createApi builds without METRICS_TOKEN: no metrics at all.
    const app = createApp({
      ...h.api.ctx,
      config: { ...h.api.ctx.config, metricsToken: undefined },
    })
    await request(app).get('/metrics').expect(404)
    await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404)
  })

  it('answers 401 without the token, with another token or another scheme', async () => {
    for (const authorization of [
      undefined,
      'Bearer not-the-token',
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const call = request(h.server).get('/metrics')
      const res = await (
        authorization === undefined ? call : call.set('Authorization', authorization)
      ).expect(401)
      expect(res.headers['www-authenticate']).toBe('Bearer')
      expect(res.text).not.toContain('palabre_')
    }
  })

  it('answers the Prometheus text format with the token, the process metrics among it', async () => {
    const res = await request(h.server)
      .get('/metrics')
      .set('Authorization', `Bearer ${TOKEN}`)
      .expect(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.headers['cache-control']).toBe('no-store')
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(res.text).toMatch(new RegExp(`^# TYPE ${name} `, 'm'))
  })

  it('is not in the OpenAPI document', async () => {
    const res = await request(h.server).get('/api/openapi.json').expect(200)
    expect(Object.keys((res.body as { paths: object }).paths)).not.toContain('/metrics')
  })
})

describe('the request histogram', () => {
  it('names each call by its route template and status, never by a value of its path', async () => {
    const name = 'quarterly-report___k3y.pdf'
    await h.getAs(member, '/api/postView/post-4711-of-awa').expect(404)
    await h.getAs(member, `/api/user/${member.phone}`).expect(200)
    // Someone not among their contacts: refused by the handler, answered by the error handler.
    await h.getAs(member, '/api/user/33699990000').expect(403)
    // Refused before any handler: the error handler under /api answers it.
    await request(h.server).get(`/api/files/${name}/info`).expect(401)
    await request(h.server).get('/api/no-such-call/33677778888').expect(404)
    const text = await scrape()
    const count = 'palabre_http_request_duration_seconds_count'
    expect(sample(text, count, 'method="GET",route="/api/postView/:idPost",status="404"')).toBe(1)
    expect(sample(text, count, 'method="GET",route="/api/user/:phone",status="200"')).toBe(1)
    expect(sample(text, count, 'method="GET",route="/api/user/:phone",status="403"')).toBe(1)
    expect(sample(text, count, 'method="GET",route="/api/files/:name/info",status="401"')).toBe(1)
    expect(sample(text, count, 'method="GET",route="unmatched",status="404"')).toBe(1)
    for (const raw of [member.phone, '33699990000', '33677778888', 'post-4711-of-awa', name])
      expect(text).not.toContain(raw)
  })

  it('does not count the scrapes themselves', async () => {
    await scrape()
    await request(h.server).get('/metrics').expect(401)
    const text = await scrape()
    expect(text).not.toMatch(/route="\/metrics"/)
    const routes = new Set(
      [
        ...text.matchAll(/^palabre_http_request_duration_seconds_count\{[^}]*route="([^"]*)"/gm),
      ].map((m) => m[1]),
    )
    for (const route of routes)
      expect(route === 'unmatched' || route?.startsWith('/api/')).toBe(true)
  })
})

describe('the database command histogram', () => {
  it('times the commands of the api connection by name', async () => {
    const before =
      sample(await scrape(), 'palabre_db_command_duration_seconds_count', 'command="find"') ?? 0
    // Reading a profile finds the session and the user.
    await h.getAs(member, `/api/user/${member.phone}`).expect(200)
    const after = await scrape()
    expect(
      sample(after, 'palabre_db_command_duration_seconds_count', 'command="find"'),
    ).toBeGreaterThan(before)
    expect(after).toMatch(
      /^palabre_db_command_duration_seconds_bucket\{le="0\.005",command="find"\} /m,
    )
  })
})

describe('the office previews queue', () => {
  it('shows the conversions waiting or running, then how long each took', async () => {
    const queue = 'palabre_jobs_queue_depth'
    expect(sample(await scrape(), queue, 'queue="previews"')).toBe(0)
    const documents = ['letter___a1.docx', 'sheet___b2.xlsx']
    for (const doc of documents) {
      await writeFile(join(work, doc), 'not really a document')
      await h.api.ctx.store.put(doc, join(work, doc), 'application/octet-stream')
    }
    const made = documents.map((doc) => h.api.ctx.previews.pdfOf(doc, 'ann'))
    // Both asked for; the stand-in holds the first, the second waits its turn.
    expect(sample(await scrape(), queue, 'queue="previews"')).toBe(2)
    await writeFile(gate, '')
    await Promise.all(made)
    const text = await scrape()
    expect(sample(text, queue, 'queue="previews"')).toBe(0)
    expect(sample(text, 'palabre_job_duration_seconds_count', 'job="preview",outcome="ok"')).toBe(2)
  })
})
