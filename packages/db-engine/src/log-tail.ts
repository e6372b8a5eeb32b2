import { readFile } from 'node:fs/promises'

/** The last lines a server wrote to its log, for an error that says why it did not start. */
export const logTail = async (file: string, lines = 8): Promise<string> =>
  (await readFile(file, 'utf8').catch(() => '')).trim().split('\n').slice(-lines).join('\n')
