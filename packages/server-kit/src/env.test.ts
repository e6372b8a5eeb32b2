import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  ConfigError,
  failOn,
  optionalUrl,
  parseEnv,
  portSchema,
  productionProblems,
  serverEnv,
} from './env.js'

const schema = z.object({ ...serverEnv, PORT: portSchema(3001) })

describe("the servers' environment", () => {
  it('reads an empty value as unset, and gives the defaults', () => {
    expect(parseEnv(schema, { MONGO_URL: '', PUBLIC_URL: '', METRICS_TOKEN: '' })).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3001,
      MONGO_URL: undefined,
      PUBLIC_URL: undefined,
      METRICS_TOKEN: undefined,
      TRUST_PROXY: false,
      DB_TIMEOUT_MS: 3_000,
      LOG_LEVEL: 'info',
    })
  })

  it('refuses with every variable it cannot read, each on its line', () => {
    const read = () =>
      parseEnv(schema, { PORT: '70000', PUBLIC_URL: 'ftp://x.org', LOG_LEVEL: 'loud' })
    expect(read).toThrow(ConfigError)
    const message = (() => {
      try {
        read()
      } catch (error) {
        return (error as Error).message
      }
      return ''
    })()
    expect(message.split('\n')[0]).toBe('Invalid configuration:')
    expect(message).toMatch(/^ {2}PORT: /m)
    expect(message).toMatch(/^ {2}PUBLIC_URL: /m)
    expect(message).toMatch(/^ {2}LOG_LEVEL: /m)
  })

  it('demands a database and a public address in production only', () => {
    expect(productionProblems({ NODE_ENV: 'development' })).toEqual([])
    expect(productionProblems({ NODE_ENV: 'production' })).toEqual([
      '  MONGO_URL: required in production',
      '  PUBLIC_URL: required in production',
    ])
    expect(
      productionProblems({
        NODE_ENV: 'production',
        MONGO_URL: 'mongodb://db',
        PUBLIC_URL: 'https://chat.example.org',
      }),
    ).toEqual([])
    expect(() => failOn(['  X: wrong'])).toThrow('Invalid configuration:\n  X: wrong')
    expect(() => failOn([])).not.toThrow()
    expect(optionalUrl.safeParse('not a url').success).toBe(false)
  })
})
