import { describe, expect, it } from 'vitest'
import { testDatabaseName, withDatabaseName } from './database-name.js'

describe('testDatabaseName', () => {
  it('derives a short, safe name from the test file and adds randomness', () => {
    const name = testDatabaseName('/work/apps/api/src/auth/Login Flow.int.test.ts')
    expect(name).toMatch(/^t_login_flow_int_[0-9a-f]{8}$/)
    expect(testDatabaseName('/x/a.test.ts')).not.toBe(testDatabaseName('/x/a.test.ts'))
  })

  it('stays within 63 characters of [a-z0-9_]', () => {
    const name = testDatabaseName(`/x/${'very-long-name.'.repeat(10)}test.ts`)
    expect(name.length).toBeLessThanOrEqual(63)
    expect(name).toMatch(/^[a-z0-9_]+$/)
  })
})

describe('withDatabaseName', () => {
  it('adds, replaces and keeps the query', () => {
    expect(withDatabaseName('mongodb://localhost:27017', 'd')).toBe('mongodb://localhost:27017/d')
    expect(withDatabaseName('mongodb://127.0.0.1:5/', 'd')).toBe('mongodb://127.0.0.1:5/d')
    expect(withDatabaseName('mongodb://u:p@h1,h2/old?replicaSet=rs0', 'd')).toBe(
      'mongodb://u:p@h1,h2/d?replicaSet=rs0',
    )
    expect(withDatabaseName('mongodb://h?directConnection=true', 'd')).toBe(
      'mongodb://h/d?directConnection=true',
    )
  })
})
