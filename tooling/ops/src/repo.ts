import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

export interface CommandResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs a command from the repository root; never throws on a non-zero exit. */
export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: repoRoot, env, maxBuffer: 10 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 127
        resolve({ code, stdout, stderr: stderr || (error?.message ?? '') })
      },
    )
  })
}
