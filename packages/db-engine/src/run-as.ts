import { execFile } from 'node:child_process'
import { chown } from 'node:fs/promises'
import { promisify } from 'node:util'
import type { RunAs } from './supervise.js'

const run = promisify(execFile)

/**
 * PostgreSQL refuses to run as root. When we are root, the servers run as `user` (Debian's
 * PostgreSQL package creates `postgres`); otherwise as ourselves (undefined: no switch).
 */
export async function serviceAccount(user: string): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined
  const id = async (flag: string) => {
    const { stdout } = await run('id', [flag, user]).catch(() => {
      throw new Error(
        `PostgreSQL cannot run as root and there is no user '${user}' to run it as ` +
          '(install postgresql-15, or set PALABRE_PG_USER to another account)',
      )
    })
    return Number(stdout.trim())
  }
  return { uid: await id('-u'), gid: await id('-g') }
}

/** Hands a folder we created to the service account, so the servers can write in it. */
export async function giveTo(account: RunAs | undefined, ...paths: string[]): Promise<void> {
  if (account === undefined) return
  for (const path of paths) await chown(path, account.uid, account.gid)
}
