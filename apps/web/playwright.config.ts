import { defineConfig, devices } from '@playwright/test'
import { adminPhone } from './e2e/support/admin-phone'
import { removeStaleRunFiles, runFiles } from './e2e/support/run-files'

/**
 * Browser tests against the real product: tooling/serve runs api, realtime and the built web
 * app in one process on an embedded database. Debian's Chromium, never a downloaded browser.
 */
const port = Number(process.env.E2E_PORT ?? 18080)

// Workers re-read this file: only the main process names the run's files and tidies up.
if (process.env.OTP_LOG_FILE === undefined) {
  removeStaleRunFiles()
  const files = runFiles()
  process.env.E2E_DATA_DIR = files.dataDir
  /** The development OTP sender appends `OTP <channel> <destination> <code>` lines here. */
  process.env.OTP_LOG_FILE = files.otpLogFile
}
const otpLogFile = process.env.OTP_LOG_FILE
const dataDir = process.env.E2E_DATA_DIR ?? runFiles().dataDir

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Safety nets, not budgets (docs/testing.md, "Timeouts"): every step waits for what must
  // appear, and only a hung one meets these, on however loaded a machine.
  timeout: 600_000,
  expect: { timeout: 120_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Quiz recordings: a fake microphone (a tone), granted without a prompt.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node ../../tooling/serve/dist/main.js',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // serve stops its embedded database on SIGTERM; give it the time to.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      // The origin the browser uses: only its pages may call the api and open sockets.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      OTP_LOG_FILE: otpLogFile,
      // The tests' administrator (docs/organisation.md, "Roles"): e2e/support/admin.ts.
      ADMIN_PHONES: adminPhone,
      // A run signs hundreds of people up from one address, 200 of them for one announcement
      // (e2e/announcement-confirmations.spec.ts): two codes each (docs/security.md).
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '5000',
    },
  },
})
