import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadServeEnv } from './env.js'
import { serve } from './serve.js'
import type { Running } from './serve.js'

export interface ProductUnderTest {
  running: Running
  /** Its folder (data, logs), removed by `stop`: a test may keep its own files there. */
  dir: string
  /** The product's origin, on loopback. */
  base: string
  /** Where the development sender writes the codes it sends (`signUpOverHttp` reads them). */
  otpLogFile: string
  stop(): Promise<void>
}

/**
 * The whole product as `pnpm start` runs it, its own embedded database included, in a folder of
 * its own on loopback, for tests that drive it from outside (the fuzzing, the marks'
 * interleavings). No web app is served. `apiEnv` adds settings of the api's (e.g. ADMIN_PHONES).
 */
export const serveForTests = async (
  name: string,
  apiEnv: Record<string, string> = {},
): Promise<ProductUnderTest> => {
  const dir = mkdtempSync(path.join(tmpdir(), `palabre-${name}-`))
  // An ordinary folder, as DATA_DIR is (mkdtemp's is closed to the account the database runs as).
  chmodSync(dir, 0o755)
  const otpLogFile = path.join(dir, 'otp.log')
  const env = loadServeEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data') })
  const running = await serve(
    env,
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', OTP_LOG_FILE: otpLogFile, ...apiEnv },
    { webDist: path.join(dir, 'no-web') },
  )
  return {
    running,
    dir,
    base: running.url.replace('localhost', '127.0.0.1'),
    otpLogFile,
    async stop() {
      await running.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
