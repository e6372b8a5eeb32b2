import { access } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { defineNodeTestConfig, SAFETY_NET_MS } from './vitest-config.js'

describe('defineNodeTestConfig', () => {
  it('resolves workspace packages to their sources, on the server side too', () => {
    const config = defineNodeTestConfig()
    expect(config.resolve?.conditions?.[0]).toBe('@palabre/source')
    expect(config.ssr?.resolve?.conditions).toEqual(config.resolve?.conditions)
    expect(config.ssr?.resolve?.conditions).toContain('node')
    expect(config.test?.globalSetup).toEqual([])
    expect(SAFETY_NET_MS).toBe(600_000)
    expect(config.test).toMatchObject({ testTimeout: SAFETY_NET_MS, hookTimeout: SAFETY_NET_MS })
    expect(config.test?.maxWorkers).toBeGreaterThanOrEqual(1)
  })

  it('adds the database global setup when asked, pointing at a real file', async () => {
    const setup = defineNodeTestConfig({ database: true }).test?.globalSetup
    expect(Array.isArray(setup) && setup.length === 1).toBe(true)
    const file = (setup as string[])[0] ?? ''
    expect(file).toMatch(/vitest-global-setup\.ts$/)
    await expect(access(file)).resolves.toBeUndefined()
  })

  it('merges overrides over the defaults', () => {
    const config = defineNodeTestConfig({ overrides: { test: { include: ['x/**/*.test.ts'] } } })
    expect(config.test?.include).toEqual(['x/**/*.test.ts'])
    expect(config.test?.testTimeout).toBe(SAFETY_NET_MS)
  })
})
