// `pnpm counts:recount [phone…]` (docs/operations.md, "Wall counters"): sets the wall's counters
// of the given users, or of everyone, from their inbox entries, and the confirmation counts of
// the announcements they wrote, or of every announcement, from the confirmations, after a crash
// or whenever a count looks wrong. Safe to run while the product runs.
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { canonicalPhoneSchema } from '@palabre/contracts'
import { connectDatabase, recountConfirmations, recountWall } from '@palabre/domain'
import type { Recounted, RecountedConfirmations } from '@palabre/domain'
import { ConfigError, loadDatabaseSettings } from '../config.js'

/** The phones named on the command line, each checked; none means every user. */
export const phonesOf = (args: readonly string[]): string[] =>
  args.map((arg) => {
    const parsed = canonicalPhoneSchema.safeParse(arg)
    if (!parsed.success)
      throw new ConfigError(`Not a phone as stored (digits with their dial code): ${arg}`)
    return parsed.data
  })

export const recount = async (
  database: { url: string; dbName: string | undefined },
  phones: readonly string[],
  say: (line: string) => void,
): Promise<{ wall: Recounted; confirmations: RecountedConfirmations }> => {
  const connection = await connectDatabase({
    uri: database.url,
    ...(database.dbName ? { dbName: database.dbName } : {}),
    timeoutMs: 60_000,
  })
  try {
    say(phones.length > 0 ? `Recounting ${phones.join(', ')}…` : 'Recounting every user…')
    const named = phones.length > 0 ? phones : undefined
    const wall = await recountWall(connection, named)
    say(`${wall.counters} counters read from the inbox entries, ${wall.repaired} of them set.`)
    const confirmations = await recountConfirmations(connection, named)
    say(
      `${confirmations.announcements} announcement counts read from the confirmations, ${confirmations.repaired} of them set.`,
    )
    return { wall, confirmations }
  } finally {
    await connection.close()
  }
}

const main = async () => {
  try {
    await recount(loadDatabaseSettings(), phonesOf(process.argv.slice(2)), console.log)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    console.error(error instanceof ConfigError ? message : `Cannot recount: ${message}`)
    process.exitCode = 1
  }
}

// Run as a command, not when a test imports it.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main()
