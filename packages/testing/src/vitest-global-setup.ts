// vitest globalSetup: one database server per vitest run, shared by every test file through
// inject('mongoUri'); each file then takes its own database with useTestDatabase().
import type { TestProject } from 'vitest/node'
import { startTestDatabase } from './engine.js'

import './provided-context.js'

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = await startTestDatabase()
  project.provide('mongoUri', database.uri)
  project.provide('mongoEngine', database.engine)
  return () => database.stop()
}
