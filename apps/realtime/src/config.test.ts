import { describe, expect, it } from 'vitest'
import { loadRealtimeConfig } from './config.js'

describe('MAX_RECIPIENTS (docs/security.md, "Recipients")', () => {
  it('is 500 unless set, and a positive whole number', () => {
    expect(loadRealtimeConfig({}).maxRecipients).toBe(500)
    expect(loadRealtimeConfig({ MAX_RECIPIENTS: '20' }).maxRecipients).toBe(20)
    expect(() => loadRealtimeConfig({ MAX_RECIPIENTS: '-1' })).toThrow('MAX_RECIPIENTS')
  })
})

describe('PUBLIC_URL (docs/security.md, "Cross-site requests")', () => {
  it('has no default, and TRUST_PROXY is off unless set', () => {
    expect(loadRealtimeConfig({})).toMatchObject({ publicUrl: undefined, trustProxy: false })
    expect(loadRealtimeConfig({ PUBLIC_URL: '', TRUST_PROXY: 'true' })).toMatchObject({
      publicUrl: undefined,
      trustProxy: true,
    })
  })

  it('is required in production, listed with the other problems', () => {
    expect(() => loadRealtimeConfig({ NODE_ENV: 'production' })).toThrow(
      /MONGO_URL: required in production\n {2}PUBLIC_URL: required in production$/,
    )
    const production = { NODE_ENV: 'production', MONGO_URL: 'mongodb://127.0.0.1:1/palabre' }
    expect(() => loadRealtimeConfig(production)).toThrow('PUBLIC_URL: required in production')
    expect(
      loadRealtimeConfig({ ...production, PUBLIC_URL: 'https://chat.example.org' }).publicUrl,
    ).toBe('https://chat.example.org')
  })
})
