import { messages } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../test/api-harness.js'
import type { ApiHarness } from '../test/api-harness.js'
import { ConfigError, loadConfig } from './config.js'

const boot = useApiHarness({ MAX_RECIPIENTS: '2' })
let h: ApiHarness
beforeAll(async () => {
  h = await boot()
})
afterAll(() => h.close())

describe('MAX_RECIPIENTS', () => {
  it('is 500 unless set, and a positive whole number', () => {
    expect(loadConfig({}).maxRecipients).toBe(500)
    expect(loadConfig({ MAX_RECIPIENTS: '20' }).maxRecipients).toBe(20)
    expect(() => loadConfig({ MAX_RECIPIENTS: '0' })).toThrow(ConfigError)
    expect(() => loadConfig({ MAX_RECIPIENTS: 'many' })).toThrow(ConfigError)
  })

  it('bounds the folders and posts of the api’s domain (docs/security.md, "Recipients")', async () => {
    const ann = await h.member('33600000001', 'Ann A')
    const bob = await h.member('33600000002', 'Bob B')
    const cat = await h.member('33600000003', 'Cat C')
    await h.acquaint(ann, bob, cat)
    const { domain } = h.api.ctx
    await expect(
      domain.groups.create(ann, {
        idGroup: 'three',
        nomGroup: 'Three',
        noName: '0',
        participants: [bob, cat],
      }),
    ).rejects.toMatchObject({ message: messages.folder.tooManyMembers(2) })
    await expect(
      domain.posts.send(ann, {
        idPostEmet: 'p',
        text: 'hello',
        typePoste: '0',
        destinataires: [bob, cat],
        groups: [],
      }),
    ).resolves.toMatchObject({ status: 'created' })
  })
})

describe('PUBLIC_URL (docs/security.md, "Cross-site requests")', () => {
  it('has no default: unset, the cookies are not Secure', () => {
    const config = loadConfig({})
    expect(config.publicUrl).toBeUndefined()
    expect(config.secureCookies).toBe(false)
    expect(loadConfig({ PUBLIC_URL: '' }).publicUrl).toBeUndefined()
  })

  it('makes the cookies Secure when it is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://chat.example.org' }).secureCookies).toBe(true)
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:8080' }).secureCookies).toBe(false)
  })

  it('is an http or https address', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://chat.example.org' })).toThrow(ConfigError)
    expect(() => loadConfig({ PUBLIC_URL: 'chat.example.org' })).toThrow(ConfigError)
  })

  it('is required in production, listed with the other problems', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /MONGO_URL: required in production\n {2}PUBLIC_URL: required in production\n.*SESSION_SECRET.*$/,
    )
    const production = {
      NODE_ENV: 'production',
      MONGO_URL: 'mongodb://127.0.0.1:1/palabre',
      SESSION_SECRET: 'x'.repeat(32),
    }
    expect(() => loadConfig(production)).toThrow(ConfigError)
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://chat.example.org' }).publicUrl).toBe(
      'https://chat.example.org',
    )
  })
})

describe('the organisation settings (docs/organisation.md)', () => {
  it('reads ADMIN_PHONES in international form into phone keys, and refuses anything else', () => {
    expect(loadConfig({}).adminPhones).toEqual([])
    expect(
      loadConfig({ ADMIN_PHONES: '+33 6 12 34 56 78, +221771234567,,+33612345678' }).adminPhones,
    ).toEqual(['33612345678', '221771234567'])
    expect(() => loadConfig({ ADMIN_PHONES: '+33612345678,06 12 34 56 79' })).toThrow(
      /ADMIN_PHONES: '06 12 34 56 79'/,
    )
    expect(() => loadConfig({ ADMIN_PHONES: '+4915112345678' })).toThrow(ConfigError)
  })

  it('opens sign-up unless SIGNUP_MODE closes it; SIGNUP_EMAIL_DOMAINS are checked domains', () => {
    expect(loadConfig({}).signup).toEqual({ signupMode: 'open', allowedEmailDomains: [] })
    expect(loadConfig({ SIGNUP_MODE: '' }).signup.signupMode).toBe('open')
    expect(
      loadConfig({ SIGNUP_MODE: 'closed', SIGNUP_EMAIL_DOMAINS: 'Acme.test, partner.example' })
        .signup,
    ).toEqual({ signupMode: 'closed', allowedEmailDomains: ['acme.test', 'partner.example'] })
    expect(() => loadConfig({ SIGNUP_MODE: 'invite-only' })).toThrow(ConfigError)
    expect(() => loadConfig({ SIGNUP_EMAIL_DOMAINS: '@acme.test' })).toThrow(
      /SIGNUP_EMAIL_DOMAINS: '@acme.test'/,
    )
    expect(() => loadConfig({ SIGNUP_EMAIL_DOMAINS: 'localhost' })).toThrow(ConfigError)
  })
})
