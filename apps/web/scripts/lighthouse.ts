/**
 * Lighthouse on the product as `pnpm start` serves it (docs/bundle-budgets.md, "Lighthouse"):
 * Lighthouse 12's mobile defaults (a mid-range phone, its simulated slow 4G and 4x slower CPU),
 * Debian's Chromium, three runs per page, and the median performance score and Largest
 * Contentful Paint of each page printed beside its target. A measurement, not a test: nothing
 * is asserted. Run by `pnpm --filter @palabre/web lighthouse` (playwright.lighthouse.config.ts
 * starts the product); the web app and tooling/serve must be built.
 */
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { cpus, loadavg, totalmem } from 'node:os'
import { test, type APIRequestContext } from '@playwright/test'
import { createAccount } from '../e2e/support/accounts'

const runs = 3

interface Target {
  /** The least performance score, out of 100. */
  performance: number
  /** The most Largest Contentful Paint, in ms. */
  lcpMs?: number
}

interface PageSpec {
  name: string
  path: string
  signedIn: boolean
  target: Target
}

const publicTarget: Target = { performance: 95, lcpMs: 2500 }

export const pages: readonly PageSpec[] = [
  { name: 'landing', path: '/landing-page', signedIn: false, target: publicTarget },
  { name: 'sign-in', path: '/auth', signedIn: false, target: publicTarget },
  { name: 'sign-up', path: '/inscription', signedIn: false, target: publicTarget },
  { name: 'wall, signed in', path: '/wall', signedIn: true, target: { performance: 90 } },
]

interface Run {
  performance: number
  lcpMs: number
  fcpMs: number
  tbtMs: number
  cls: number
}

const cli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js')

interface LighthouseResult {
  lighthouseVersion: string
  environment: { hostUserAgent: string }
  categories: { performance: { score: number | null } }
  audits: Record<string, { numericValue?: number }>
}

/** One Lighthouse run of `url`: its CLI, its JSON report on stdout. */
const lighthouse = (url: string, headers: Record<string, string> | null) =>
  new Promise<LighthouseResult>((resolve, reject) => {
    const args = [
      cli,
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=performance',
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
      ...(headers === null ? [] : [`--extra-headers=${JSON.stringify(headers)}`]),
    ]
    // CHROME_PATH comes from playwright.lighthouse.config.ts, through the environment.
    execFile(process.execPath, args, { maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error !== null) reject(new Error(`lighthouse ${url}: ${error.message}\n${stderr}`))
      else resolve(JSON.parse(stdout) as LighthouseResult)
    })
  })

const runOf = (result: LighthouseResult): Run => {
  const value = (audit: string) => result.audits[audit]?.numericValue ?? NaN
  return {
    performance: Math.round((result.categories.performance.score ?? NaN) * 100),
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

/** The session cookie of a person signed up through the api, as a Cookie header. */
const signedInCookie = async (request: APIRequestContext): Promise<string> => {
  await createAccount(request, 'Lighthouse Reader')
  const { cookies } = await request.storageState()
  if (cookies.length === 0) throw new Error('the sign-up left no session cookie')
  return cookies
    .filter((cookie) => cookie.value !== '')
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ')
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

test('Lighthouse: median performance and LCP per page', async ({ request, baseURL }) => {
  if (baseURL === undefined)
    throw new Error('no baseURL: run through playwright.lighthouse.config.ts')
  const cookie = await signedInCookie(request)
  const loadBefore = loadavg()
  const lines: string[] = []
  let about = ''
  for (const page of pages) {
    // One unmeasured load, so no run pays the server's first answer of the page.
    await request.get(page.path)
    const measured: Run[] = []
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(
        `${baseURL}${page.path}`,
        page.signedIn ? { Cookie: cookie } : null,
      )
      about ||= `Lighthouse ${result.lighthouseVersion}, ${result.environment.hostUserAgent}`
      measured.push(runOf(result))
    }
    const performance = median(measured.map((r) => r.performance))
    const lcpMs = median(measured.map((r) => r.lcpMs))
    const met =
      performance >= page.target.performance &&
      (page.target.lcpMs === undefined || lcpMs < page.target.lcpMs)
    lines.push(
      [
        `${page.name} (${page.path}): performance ${performance}, LCP ${seconds(lcpMs)}`,
        `target >= ${page.target.performance}${page.target.lcpMs === undefined ? '' : ` and LCP < ${seconds(page.target.lcpMs)}`}: ${met ? 'met' : 'MISSED'}`,
        `runs: ${measured
          .map(
            (r) =>
              `${r.performance} (LCP ${seconds(r.lcpMs)}, FCP ${seconds(r.fcpMs)}, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)})`,
          )
          .join('; ')}`,
      ].join('\n  '),
    )
  }
  const cpu = cpus()
  // Lighthouse scales the CPU time it observes: another program's load lowers the scores.
  const load = (values: number[]) => values.map((v) => v.toFixed(1)).join(' ')
  console.log(
    [
      `Lighthouse medians of ${runs} runs, mobile defaults (docs/bundle-budgets.md, "Lighthouse")`,
      `${new Date().toISOString()}; ${cpu.length} x ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB; load average ${load(loadBefore)} before, ${load(loadavg())} after`,
      about,
      ...lines,
    ].join('\n'),
  )
})
