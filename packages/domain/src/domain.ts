import type { Connection } from 'mongoose'
import { createSessionService } from './sessions/sessions.js'

/**
 * Every domain service over one database connection. Both servers build one of these; each
 * area adds its service here (one line) and keeps its code in its own folder.
 */
export const createDomain = (connection: Connection) => ({
  connection,
  sessions: createSessionService(connection),
})

export type Domain = ReturnType<typeof createDomain>

/** Builds every index the models declare; call once at start-up (and in tests). */
export const syncIndexes = async (domain: Domain): Promise<void> => {
  await Promise.all(Object.values(domain.connection.models).map((model) => model.createIndexes()))
}
