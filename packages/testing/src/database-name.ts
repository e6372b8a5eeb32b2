import { randomBytes } from 'node:crypto'
import { basename } from 'node:path'

// FerretDB accepts [A-Za-z0-9_-] up to 63 characters; MongoDB accepts a superset.
const MAX_NAME = 63

/** A database name unique to one test file and one run, readable when debugging. */
export function testDatabaseName(testPath: string | undefined): string {
  const file = basename(testPath ?? 'anonymous').replace(/\.(test|spec)\.[cm]?[jt]sx?$/, '')
  const slug = file
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
  const suffix = randomBytes(4).toString('hex')
  return `t_${slug.slice(0, MAX_NAME - 3 - suffix.length - 1)}_${suffix}`
}

/** The server's connection string with its path set to one database; the query is kept. */
export function withDatabaseName(serverUri: string, dbName: string): string {
  const queryAt = serverUri.indexOf('?')
  const base = queryAt === -1 ? serverUri : serverUri.slice(0, queryAt)
  const query = queryAt === -1 ? '' : serverUri.slice(queryAt)
  const schemeEnd = base.indexOf('://') + 3
  const pathAt = base.indexOf('/', schemeEnd)
  const hosts = pathAt === -1 ? base : base.slice(0, pathAt)
  return `${hosts}/${dbName}${query}`
}
