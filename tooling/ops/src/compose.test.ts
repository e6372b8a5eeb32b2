import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { run, type CommandResult } from './repo.js'

// Debian's docker-compose 1.29 validates the file; no Docker engine is needed for `config`.
const dockerCompose = process.env.DOCKER_COMPOSE ?? 'docker-compose'

interface ComposeService {
  image?: string
  command?: string[]
  build?: { dockerfile?: string }
  environment?: Record<string, string>
  ports?: ({ published: number | string; target: number } | string)[]
  deploy?: { replicas?: number }
  scale?: number
  depends_on?: Record<string, unknown>
  volumes?: (string | { source?: string; target?: string })[]
  healthcheck?: { test?: string[] }
  network_mode?: string
  read_only?: boolean
  cap_drop?: string[]
}

let emptyEnvDir = ''
let emptyEnvFile = ''
beforeAll(async () => {
  // An empty env file, so a developer's .env cannot change what the tests see.
  emptyEnvDir = await mkdtemp(join(tmpdir(), 'palabre-ops-'))
  emptyEnvFile = join(emptyEnvDir, 'empty.env')
  await writeFile(emptyEnvFile, '')
})
afterAll(() => rm(emptyEnvDir, { recursive: true, force: true }))

const composeConfig = (env: NodeJS.ProcessEnv) =>
  run(dockerCompose, ['--env-file', emptyEnvFile, '-f', 'docker-compose.yml', 'config'], env)

/**
 * The environment without the variables the file demands, nor those whose defaults the tests
 * read; `set` puts some back.
 */
const demanding = (set: { SESSION_SECRET?: string; PUBLIC_URL?: string }): NodeJS.ProcessEnv => {
  const env = { ...process.env }
  for (const name of [
    'SESSION_SECRET',
    'PUBLIC_URL',
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
  ])
    delete env[name]
  return { ...env, ...set }
}

describe('docker-compose.yml', () => {
  const secret = 'a'.repeat(48)
  const publicUrl = 'https://chat.example.org'
  let result: CommandResult = { code: -1, stdout: '', stderr: '' }
  let services: Record<string, ComposeService> = {}
  beforeAll(async () => {
    result = await composeConfig(demanding({ SESSION_SECRET: secret, PUBLIC_URL: publicUrl }))
    if (result.code === 0) {
      services = (parse(result.stdout) as { services: Record<string, ComposeService> }).services
    }
  })

  it('is valid for docker-compose config', () => {
    expect(result.stderr).not.toMatch(/error/i)
    expect(result.code).toBe(0)
    expect(Object.keys(services).sort()).toEqual(
      ['api', 'converter', 'mailpit', 'mongo', 'realtime', 'redis', 's3', 'web'].sort(),
    )
  })

  // The shape `pnpm cluster` runs on one machine (docs/operations.md, "A cluster on one
  // machine"): two of each server, behind nginx.
  it.each(['api', 'realtime'])('runs two %s replicas, which nginx reaches by name only', (name) => {
    const service = services[name]
    expect(service?.deploy?.replicas).toBe(2)
    expect(service?.scale).toBe(2)
    expect(service?.ports).toBeUndefined()
    expect(service?.environment?.REDIS_URL).toBe('redis://redis:6379')
  })

  it('keeps the files in one bucket of the s3 service, which every api replica reads', () => {
    expect(services.api?.environment).toMatchObject({
      FILE_STORE: 's3',
      S3_ENDPOINT: 'http://s3:8333',
      S3_BUCKET: 'palabre',
      S3_FORCE_PATH_STYLE: 'true',
    })
    // No folder of one replica holds files any more: its one volume is the converter's socket.
    expect(services.api?.environment?.UPLOAD_DIR).toBeUndefined()
    expect(services.api?.volumes ?? []).toEqual([
      expect.stringMatching(/^converter-socket:\/run\/palabre-converter(:rw)?$/),
    ])
    expect(services.api?.depends_on).toHaveProperty('s3', { condition: 'service_healthy' })
    const s3 = services.s3
    expect(s3?.image).toMatch(/^chrislusf\/seaweedfs(:|$)/)
    expect(s3?.command).toEqual(expect.arrayContaining(['server', '-s3', '-dir=/data']))
    expect(s3?.ports).toBeUndefined()
    expect(s3?.healthcheck?.test?.join(' ')).toContain('/healthz')
    expect(
      (s3?.volumes ?? []).map((v) => (typeof v === 'string' ? v : `${v.source}:${v.target}`)),
    ).toEqual([expect.stringMatching(/s3-data:\/data(:rw)?$/)])
  })

  it("gives the s3 service the api's credentials, from .env or their defaults", async () => {
    const env = (set: Record<string, string>) => ({
      ...demanding({ SESSION_SECRET: secret, PUBLIC_URL: publicUrl }),
      ...set,
    })
    const pairs = (found: Record<string, ComposeService>) => ({
      api: [found.api?.environment?.S3_ACCESS_KEY_ID, found.api?.environment?.S3_SECRET_ACCESS_KEY],
      s3: [found.s3?.environment?.AWS_ACCESS_KEY_ID, found.s3?.environment?.AWS_SECRET_ACCESS_KEY],
    })
    const defaults = pairs(services)
    expect(defaults.api).toEqual(defaults.s3)
    expect(defaults.api.every((value) => typeof value === 'string' && value !== '')).toBe(true)
    const own = await composeConfig(
      env({ S3_ACCESS_KEY_ID: 'operator-key', S3_SECRET_ACCESS_KEY: 'operator-secret' }),
    )
    expect(own.code).toBe(0)
    const set = pairs((parse(own.stdout) as { services: Record<string, ComposeService> }).services)
    expect(set).toEqual({
      api: ['operator-key', 'operator-secret'],
      s3: ['operator-key', 'operator-secret'],
    })
  })

  // docs/files.md, "The sandbox": LibreOffice where a document can reach nothing.
  it('makes office previews in a converter with no network, no secret and only its socket', () => {
    const converter = services.converter
    expect(converter?.build?.dockerfile).toBe('docker/api.Dockerfile')
    expect(converter?.network_mode).toBe('none')
    expect(converter?.read_only).toBe(true)
    expect(converter?.cap_drop).toEqual(['ALL'])
    expect(converter?.ports).toBeUndefined()
    const socket = services.api?.environment?.PREVIEW_CONVERTER_SOCKET
    expect(socket).toBe('/run/palabre-converter/converter.sock')
    expect(converter?.environment).toMatchObject({
      PREVIEW_SANDBOX: 'container',
      PREVIEW_CONVERTER_SOCKET: socket,
    })
    // Nothing a document could read out and use: no database, Redis, bucket or session key.
    expect(Object.keys(converter?.environment ?? {}).sort()).toEqual(
      [
        'LOG_LEVEL',
        'NODE_ENV',
        'PREVIEW_CONVERTER_SOCKET',
        'PREVIEW_SANDBOX',
        'PREVIEW_TIMEOUT_MS',
        'UPLOAD_MAX_BYTES',
      ].sort(),
    )
    expect(converter?.volumes).toEqual([
      expect.stringMatching(/^converter-socket:\/run\/palabre-converter(:rw)?$/),
    ])
    expect(services.api?.depends_on).toHaveProperty('converter', { condition: 'service_healthy' })
  })

  it('runs mongo 7 as a replica set and the api against it, mailpit and redis', () => {
    expect(services.mongo?.image).toBe('mongo:7')
    expect(services.mongo?.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']))
    expect(services.api?.environment).toMatchObject({
      MONGO_URL: 'mongodb://mongo:27017/palabre?replicaSet=rs0',
      REDIS_URL: 'redis://redis:6379',
      SMTP_URL: 'smtp://mailpit:1025',
      SESSION_SECRET: secret,
      NODE_ENV: 'production',
    })
    expect(services.api?.depends_on).toHaveProperty('mongo', { condition: 'service_healthy' })
    expect(services.mailpit?.image).toBe('axllent/mailpit')
    expect(services.redis?.image).toBe('redis:7')
  })

  it('publishes the web on 8080 and mailpit on 1025 and 8025', () => {
    const published = (service: ComposeService | undefined) =>
      (service?.ports ?? []).map((p) => (typeof p === 'string' ? p : `${p.published}:${p.target}`))
    expect(published(services.web)).toEqual(['8080:80'])
    expect(published(services.mailpit).sort()).toEqual(['1025:1025', '8025:8025'])
  })

  it('builds each server from its Dockerfile', () => {
    expect(services.api?.build?.dockerfile).toBe('docker/api.Dockerfile')
    expect(services.realtime?.build?.dockerfile).toBe('docker/realtime.Dockerfile')
    expect(services.web?.build?.dockerfile).toBe('docker/web.Dockerfile')
  })

  it('refuses to start without SESSION_SECRET, saying so', async () => {
    const result = await composeConfig(demanding({ PUBLIC_URL: publicUrl }))
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain('set SESSION_SECRET')
  })

  // Production pins the one origin whose pages may write (docs/security.md, "Cross-site
  // requests"): there is no default to fall back on.
  it('gives the api and the realtime nodes PUBLIC_URL, behind nginx as a trusted proxy', () => {
    for (const name of ['api', 'realtime']) {
      expect(services[name]?.environment).toMatchObject({
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: 'true',
        NODE_ENV: 'production',
      })
    }
  })

  it('refuses to start without PUBLIC_URL, saying so', async () => {
    const result = await composeConfig(demanding({ SESSION_SECRET: secret }))
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain('set PUBLIC_URL')
  })
})
