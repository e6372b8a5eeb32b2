import { describe, expect, it } from 'vitest'
import { loadRealtimeConfig } from './config.js'

describe('MAX_RECIPIENTS (docs/security.md, "Recipients")', () => {
  it('is 500 unless set, and a positive whole number', () => {
    expect(loadRealtimeConfig({}).maxRecipients).toBe(500)
    expect(loadRealtimeConfig({ MAX_RECIPIENTS: '20' }).maxRecipients).toBe(20)
    expect(() => loadRealtimeConfig({ MAX_RECIPIENTS: '-1' })).toThrow('MAX_RECIPIENTS')
  })
})
