import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { MongoClient } from 'mongodb'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { startVitest } from 'vitest/node'

const fixtures = fileURLToPath(new URL('../test/fixtures/isolation', import.meta.url))

describe('useTestDatabase across test files', () => {
  const serverUri = inject('mongoUri')
  const registryDb = `t_registry_${randomBytes(4).toString('hex')}`
  const client = new MongoClient(serverUri)
  afterAll(async () => {
    await client.db(registryDb).dropDatabase()
    await client.close()
  })

  it('gives each file its own database and drops it after the file', async () => {
    // A nested vitest run of two fixture files against the server this run already started.
    const exitCode = process.exitCode
    const nested = await startVitest('test', [], {
      root: fixtures,
      config: false,
      include: ['*.fixture.ts'],
      watch: false,
      // A reporter with no hooks: the nested run prints nothing.
      reporters: [{}],
      provide: { mongoUri: serverUri, registryDb },
    })
    const failed = nested.state.getCountOfFailedTests()
    const files = nested.state.getFiles().length
    await nested.close()
    process.exitCode = exitCode
    expect({ failed, files }).toEqual({ failed: 0, files: 2 })

    const entries = await client
      .db(registryDb)
      .collection<{ label: string; dbName: string }>('files')
      .find({}, { sort: { label: 1 } })
      .toArray()
    expect(entries.map((e) => e.label)).toEqual(['first', 'second'])
    const [first, second] = entries.map((e) => e.dbName)
    expect(first).toMatch(/^t_first_fixture_ts_|^t_first_/)
    expect(second).toMatch(/^t_second_/)
    expect(first).not.toBe(second)

    const existing = (await client.db().admin().listDatabases()).databases.map((d) => d.name)
    expect(existing).not.toContain(first)
    expect(existing).not.toContain(second)
  })
})
