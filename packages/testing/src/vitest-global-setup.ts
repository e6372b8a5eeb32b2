// vitest globalSetup: one database server per vitest run, shared by every test file through
// inject('mongoUri'); each file then takes its own database with useTestDatabase().
import type { TestProject } from 'vitest/node'
import { startScratchDatabase } from '@palabre/db-engine'

import './provided-context.js'

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = await startScratchDatabase()
  project.provide('mongoUri', database.uri)
  project.provide('mongoEngine', database.engine)
  return () => database.stop()
}
