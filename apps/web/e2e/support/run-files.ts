import { readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const prefix = 'palabre-e2e-'

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * The temporary files of one browser-test run: the server's data folder and the OTP log,
 * named after the process that started the run so that a later run can tell they are stale.
 */
export const runFiles = (pid: number = process.pid, startedAt: number = Date.now()) => {
  const id = `${pid}-${startedAt}`
  return {
    dataDir: join(tmpdir(), `${prefix}${id}`),
    otpLogFile: join(tmpdir(), `${prefix}otp-${id}.log`),
  }
}

/** Removes what earlier runs left behind, once the process that made it has ended. */
export const removeStaleRunFiles = (): void => {
  for (const name of readdirSync(tmpdir())) {
    const match = new RegExp(`^${prefix}(?:otp-)?(\\d+)-\\d+(?:\\.log)?$`).exec(name)
    const pid = Number(match?.[1])
    if (match && pid !== process.pid && !isAlive(pid)) {
      rmSync(join(tmpdir(), name), { recursive: true, force: true })
    }
  }
}
