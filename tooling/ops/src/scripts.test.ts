import { access, constants, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot, run } from './repo.js'

describe('CI and bootstrap scripts', () => {
  it.each([
    '.ci/run',
    'scripts/bootstrap.sh',
    'scripts/build-engine.sh',
    'scripts/build-s3-server.sh',
  ])('%s passes bash -n', async (file) => {
    const result = await run('bash', ['-n', file])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
  })

  it('.ci/run is executable and runs the README test command', async () => {
    await expect(access(join(repoRoot, '.ci/run'), constants.X_OK)).resolves.toBeUndefined()
    const script = await readFile(join(repoRoot, '.ci/run'), 'utf8')
    expect(script.startsWith('#!/usr/bin/env bash\n')).toBe(true)
    expect(script).toContain('set -euo pipefail')
    expect(script).toMatch(/bash scripts\/bootstrap\.sh\npnpm test\n/)
  })

  it('asks for one runtime everywhere, Node 24, and runs on it (docs/operations.md, "The runtime")', async () => {
    const bootstrap = await readFile(join(repoRoot, 'scripts/bootstrap.sh'), 'utf8')
    expect(bootstrap).toMatch(/^readonly NODE_MAJOR=24$/m)
    expect(bootstrap).toMatch(/^readonly NODE_VERSION=24\.\d+\.\d+$/m)
    const manifest = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as {
      engines: { node: string }
    }
    expect(manifest.engines.node).toBe('>=24')
    const workflow = await readFile(join(repoRoot, '.github/workflows/ci.yml'), 'utf8')
    expect([...workflow.matchAll(/node-version: '(\d+)'/g)].map((match) => match[1])).toEqual([
      '24',
    ])
    // The test command found Node 24 on the PATH: the tests, and the servers they start, run on it.
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24)
  })

  it('bootstrap.sh keeps a Node 24 it finds, and reads the major of the one on the PATH', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'palabre-node-'))
    try {
      const fake = (major: string) =>
        writeFile(
          join(dir, 'node'),
          `#!/bin/sh\ncase "$1" in -p) echo ${major} ;; --version) echo v${major}.0.0 ;; esac\n`,
          { mode: 0o755 },
        )
      await fake('24')
      const kept = await run('bash', [
        '-c',
        `source scripts/bootstrap.sh && PATH="${dir}:$PATH" ensure_node`,
      ])
      expect(kept.code).toBe(0)
      expect(kept.stdout).toContain('[bootstrap] node v24.0.0: ok')
      await fake('20')
      const old = await run('bash', [
        '-c',
        `source scripts/bootstrap.sh && PATH="${dir}:$PATH" node_major`,
      ])
      expect(old.stdout.trim()).toBe('20')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('bootstrap.sh defines its steps without running them when sourced', async () => {
    const result = await run('bash', [
      '-c',
      'source scripts/bootstrap.sh && declare -F ensure_node ensure_pnpm ensure_apt_packages install_workspace find_mongod ensure_database_engine ensure_s3_server',
    ])
    expect(result.code).toBe(0)
    expect(result.stdout.trim().split('\n')).toHaveLength(7)
    expect(result.stdout).not.toContain('[bootstrap]')
  })

  it('bootstrap.sh installs nginx, and finds a command in /usr/sbin off the PATH', async () => {
    // nginx lives in /usr/sbin, which a non-root PATH lacks: installed, it must count as such
    // (docs/operations.md, "A cluster on one machine"). /usr/sbin/nologin is on every Debian.
    const result = await run('bash', [
      '-c',
      'source scripts/bootstrap.sh && echo "${APT_PACKAGES[*]}" && PATH=/nowhere has_command nologin && echo found && { has_command palabre-no-such-command || echo missing; }',
    ])
    expect(result.code).toBe(0)
    const [packages, found, missing] = result.stdout.trim().split('\n')
    expect(packages?.split(' ')).toContain('nginx')
    expect(found).toBe('found')
    expect(missing).toBe('missing')
  })

  it('build-engine.sh defines its steps without running them when sourced', async () => {
    const result = await run('bash', [
      '-c',
      'source scripts/build-engine.sh && declare -F build_pg_cron build_pgvector build_documentdb build_ferretdb',
    ])
    expect(result.code).toBe(0)
    expect(result.stdout.trim().split('\n')).toHaveLength(4)
    expect(result.stdout).not.toContain('[engine]')
  })
})

describe('the root test script', () => {
  /**
   * Runs package.json's `test` script as pnpm does (sh), with stand-ins for prettier and turbo
   * that record their arguments and fail when one of `failing` is among them.
   */
  const runTestScript = async (failing: string[]) => {
    const { scripts } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: { test: string }
    }
    const bin = await mkdtemp(join(tmpdir(), 'test-script-'))
    try {
      const calls = join(bin, 'calls')
      const stub = [
        '#!/bin/sh',
        'echo "$(basename "$0") $*" >> "$CALLS"',
        'for word in $FAILING; do case " $* " in *" $word "*) exit 1 ;; esac; done',
        '',
      ].join('\n')
      for (const tool of ['prettier', 'turbo'])
        await writeFile(join(bin, tool), stub, { mode: 0o755 })
      const result = await run('sh', ['-c', scripts.test], {
        ...process.env,
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        CALLS: calls,
        FAILING: failing.join(' '),
      })
      const ran = (await readFile(calls, 'utf8').catch(() => '')).trim().split('\n')
      return { code: result.code, ran }
    } finally {
      await rm(bin, { recursive: true, force: true })
    }
  }
  const everything = [
    'prettier --check .',
    'turbo run lint typecheck test --continue',
    'turbo run e2e',
  ]

  it('runs prettier, every package task, then the browser tests', async () => {
    expect(await runTestScript([])).toEqual({ code: 0, ran: everything })
  })

  it('still runs the browser tests when a unit test fails, and fails', async () => {
    const { code, ran } = await runTestScript(['test'])
    expect(ran).toEqual(everything)
    expect(code).not.toBe(0)
  })

  it('fails when only the browser tests fail', async () => {
    const { code, ran } = await runTestScript(['e2e'])
    expect(ran).toEqual(everything)
    expect(code).not.toBe(0)
  })

  it('stops at a formatting problem', async () => {
    expect(await runTestScript(['--check'])).toEqual({ code: 1, ran: ['prettier --check .'] })
  })
})

describe('.env.example', () => {
  const names = [
    'NODE_ENV',
    'PORT',
    'MONGO_URL',
    'REDIS_URL',
    'SESSION_SECRET',
    'PUBLIC_URL',
    'SMTP_URL',
    'MAIL_FROM',
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    'TWILIO_WHATSAPP_FROM',
    'TWILIO_INVITE_CONTENT_SID',
    'ADMIN_PHONES',
    'SIGNUP_MODE',
    'SIGNUP_EMAIL_DOMAINS',
    'UPLOAD_DIR',
    'UPLOAD_MAX_BYTES',
    'PREVIEW_TIMEOUT_MS',
    'PREVIEWS_PER_PERSON',
    'FILE_STORE',
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
    'LEGACY_REGISTRATION_URL',
    'STORE_APPLE_URL',
    'STORE_GOOGLE_URL',
    'SALES_BOOKING_URL',
    'LOG_LEVEL',
    'LOG_REQUESTS',
    'METRICS_TOKEN',
  ]

  it('lists every variable once, each after a comment', async () => {
    const lines = (await readFile(join(repoRoot, '.env.example'), 'utf8')).split('\n')
    const assigned = lines.flatMap((line, index) => {
      const match = /^([A-Z][A-Z0-9_]*)=/.exec(line)
      return match?.[1] === undefined ? [] : [{ name: match[1], index }]
    })
    expect(assigned.map((a) => a.name).sort()).toEqual([...names].sort())
    for (const { index } of assigned) {
      const above = lines
        .slice(0, index)
        .reverse()
        .find((line) => !/^[A-Z]/.test(line))
      expect(above).toMatch(/^# /)
    }
  })

  it('holds no secret value', async () => {
    const text = await readFile(join(repoRoot, '.env.example'), 'utf8')
    expect(text).toMatch(/^SESSION_SECRET=$/m)
    expect(text).toMatch(/^TWILIO_AUTH_TOKEN=$/m)
    expect(text).toMatch(/^METRICS_TOKEN=$/m)
  })
})
