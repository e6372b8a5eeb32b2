import { hostname } from 'node:os'
import { describe, expect, it } from 'vitest'
import { originPolicy, requestScheme } from './origin-policy.js'
import type { OriginRequest } from './origin-policy.js'

interface Sent {
  origin?: string
  host?: string
  /** The connection is TLS. */
  tls?: boolean
  forwardedProto?: string
}

/** A request as node hands it to us: its headers and its connection. */
const request = ({ origin, host, tls = false, forwardedProto }: Sent): OriginRequest => ({
  headers: {
    ...(origin === undefined ? {} : { origin }),
    ...(host === undefined ? {} : { host }),
    ...(forwardedProto === undefined ? {} : { 'x-forwarded-proto': forwardedProto }),
  },
  socket: tls ? { encrypted: true } : {},
})

describe('originPolicy with PUBLIC_URL', () => {
  const policy = originPolicy({
    publicUrl: 'https://chat.example.org/some/path',
    hostNames: ['vm'],
  })
  const allows = (origin: string | undefined, host = 'chat.example.org') =>
    policy.allows(request({ origin, host }))

  it('allows the public origin and requests without an Origin', () => {
    expect(allows('https://chat.example.org')).toBe(true)
    expect(allows(undefined)).toBe(true)
  })

  it.each([
    ['another site', 'http://evil.example'],
    ['an opaque origin', 'null'],
    ['another port of the same host', 'https://chat.example.org:8443'],
    ['the same host over http', 'http://chat.example.org'],
    ['a suffix trick', 'https://chat.example.org.evil.example'],
    ['an origin with a path', 'https://chat.example.org/'],
    ['garbage', 'not a url'],
    ['an empty header', ''],
  ])('refuses %s', (_name, origin) => {
    expect(allows(origin)).toBe(false)
  })

  it('pins the one origin: the machine serving its own address is not enough', () => {
    expect(allows('http://127.0.0.1:8080', '127.0.0.1:8080')).toBe(false)
    expect(allows('http://vm:8080', 'vm:8080')).toBe(false)
  })

  it('allows the Vite dev server only in development', () => {
    expect(allows('http://localhost:5173')).toBe(false)
    const dev = originPolicy({ publicUrl: 'http://localhost:8080', development: true })
    expect(dev.allows(request({ origin: 'http://localhost:5173', host: 'localhost:8080' }))).toBe(
      true,
    )
    expect(dev.allows(request({ origin: 'http://localhost:8080', host: 'localhost:8080' }))).toBe(
      true,
    )
  })
})

describe('originPolicy without PUBLIC_URL: this machine, at any of its addresses', () => {
  const policy = originPolicy({ hostNames: ['vm', 'VM.Example.org'] })
  const trusting = originPolicy({ hostNames: ['vm'], trustProxy: true })

  it.each<[string, Sent]>([
    ['no Origin at all', { host: 'evil.example:8080' }],
    ['127.0.0.1', { origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' }],
    ['another loopback address', { origin: 'http://127.0.0.2:8080', host: '127.0.0.2:8080' }],
    ['IPv6 loopback', { origin: 'http://[::1]:8080', host: '[::1]:8080' }],
    ['a LAN address', { origin: 'http://192.168.1.20:8080', host: '192.168.1.20:8080' }],
    ['a LAN IPv6 address', { origin: 'http://[fd00::2]:8080', host: '[fd00::2]:8080' }],
    ['localhost', { origin: 'http://localhost:8080', host: 'localhost:8080' }],
    ["the machine's host name", { origin: 'http://vm:8080', host: 'vm:8080' }],
    [
      'its fully-qualified name',
      { origin: 'http://vm.example.org:8080', host: 'vm.example.org:8080' },
    ],
    ['a Host header in capitals', { origin: 'http://vm:8080', host: 'VM:8080' }],
    ['the default port', { origin: 'http://192.168.1.20', host: '192.168.1.20' }],
    ['the default port, spelled out', { origin: 'http://192.168.1.20', host: '192.168.1.20:80' }],
    ['https over TLS', { origin: 'https://127.0.0.1:8443', host: '127.0.0.1:8443', tls: true }],
  ])('allows %s', (_name, sent) => {
    expect(policy.allows(request(sent))).toBe(true)
  })

  it.each<[string, Sent]>([
    ['another port of the same host', { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:8080' }],
    ['an opaque origin', { origin: 'null', host: '127.0.0.1:8080' }],
    ['another site', { origin: 'http://evil.example', host: '127.0.0.1:8080' }],
    ['another loopback address', { origin: 'http://127.0.0.2:8080', host: '127.0.0.1:8080' }],
    ['localhost calling 127.0.0.1', { origin: 'http://localhost:8080', host: '127.0.0.1:8080' }],
    [
      'the machine calling its LAN address',
      { origin: 'http://vm:8080', host: '192.168.1.20:8080' },
    ],
    ['a rebound DNS name', { origin: 'http://evil.example:8080', host: 'evil.example:8080' }],
    [
      "a suffix of the machine's name",
      { origin: 'http://vm.evil.example', host: 'vm.evil.example' },
    ],
    ['a subdomain of localhost', { origin: 'http://a.localhost:8080', host: 'a.localhost:8080' }],
    ['https over plain http', { origin: 'https://127.0.0.1:8080', host: '127.0.0.1:8080' }],
    ['http over TLS', { origin: 'http://127.0.0.1:8443', host: '127.0.0.1:8443', tls: true }],
    ['no Host header', { origin: 'http://127.0.0.1:8080' }],
    ['a Host header with a user', { origin: 'http://127.0.0.1', host: 'evil.example@127.0.0.1' }],
    ['a Host header with a path', { origin: 'http://127.0.0.1', host: '127.0.0.1/x' }],
    ['an origin with a path', { origin: 'http://127.0.0.1:8080/', host: '127.0.0.1:8080' }],
    ['an origin in capitals', { origin: 'HTTP://127.0.0.1:8080', host: '127.0.0.1:8080' }],
    ['an empty Origin', { origin: '', host: '127.0.0.1:8080' }],
    [
      'the Vite dev server outside development',
      { origin: 'http://localhost:5173', host: 'localhost:8080' },
    ],
  ])('refuses %s', (_name, sent) => {
    expect(policy.allows(request(sent))).toBe(false)
  })

  it('believes X-Forwarded-Proto only from a trusted proxy', () => {
    const behindProxy = { origin: 'https://vm', host: 'vm', forwardedProto: 'https' }
    expect(trusting.allows(request(behindProxy))).toBe(true)
    expect(policy.allows(request(behindProxy))).toBe(false)
    expect(trusting.allows(request({ ...behindProxy, forwardedProto: 'http' }))).toBe(false)
    expect(trusting.allows(request({ ...behindProxy, origin: 'http://vm' }))).toBe(false)
  })

  it("allows the Vite dev server's pages in development, as its proxy calls us", () => {
    const dev = originPolicy({ hostNames: [], development: true })
    expect(dev.allows(request({ origin: 'http://localhost:5173', host: 'localhost:8080' }))).toBe(
      true,
    )
    expect(dev.allows(request({ origin: 'http://localhost:8080', host: 'localhost:8080' }))).toBe(
      true,
    )
  })

  it("knows the machine's own host name without being told", () => {
    const name = hostname().toLowerCase()
    const own = { origin: `http://${name}:8080`, host: `${name}:8080` }
    expect(originPolicy().allows(request(own))).toBe(true)
  })
})

describe('requestScheme', () => {
  it.each<[string, Sent, boolean, 'http' | 'https']>([
    ['plain http', {}, false, 'http'],
    ['TLS', { tls: true }, false, 'https'],
    ['an untrusted X-Forwarded-Proto', { forwardedProto: 'https' }, false, 'http'],
    ['a trusted X-Forwarded-Proto', { forwardedProto: 'https' }, true, 'https'],
    ['the first of several proxies', { forwardedProto: 'HTTPS, http' }, true, 'https'],
    ['a trusted proxy saying http', { forwardedProto: 'http' }, true, 'http'],
  ])('reads %s', (_name, sent, trustProxy, scheme) => {
    expect(requestScheme(request(sent), trustProxy)).toBe(scheme)
  })
})

describe("ownOrigin: where our own pages are, for links sent to people (docs/organisation.md, 'Invitations')", () => {
  it('is PUBLIC_URL when set, whatever the request says', () => {
    const pinned = originPolicy({ publicUrl: 'https://chat.example.org/app', hostNames: [] })
    expect(pinned.ownOrigin(request({ origin: 'http://127.0.0.1:8080', host: '127.0.0.1' }))).toBe(
      'https://chat.example.org',
    )
    expect(pinned.ownOrigin(request({}))).toBe('https://chat.example.org')
  })

  it("is the page's origin when the policy allows it, else the address of this machine called", () => {
    const policy = originPolicy({ hostNames: ['vm'] })
    expect(policy.ownOrigin(request({ origin: 'http://vm:8080', host: 'vm:8080' }))).toBe(
      'http://vm:8080',
    )
    expect(policy.ownOrigin(request({ host: '192.168.1.20:8080' }))).toBe(
      'http://192.168.1.20:8080',
    )
    expect(policy.ownOrigin(request({ host: '127.0.0.1:8443', tls: true }))).toBe(
      'https://127.0.0.1:8443',
    )
    const dev = originPolicy({ hostNames: [], development: true })
    expect(
      dev.ownOrigin(request({ origin: 'http://localhost:5173', host: 'localhost:8080' })),
    ).toBe('http://localhost:5173')
  })

  it('is none for a foreign page or a name that is not this machine', () => {
    const policy = originPolicy({ hostNames: ['vm'] })
    expect(
      policy.ownOrigin(request({ origin: 'http://evil.example', host: '127.0.0.1:8080' })),
    ).toBeUndefined()
    expect(policy.ownOrigin(request({ host: 'evil.example:8080' }))).toBeUndefined()
    expect(policy.ownOrigin(request({}))).toBeUndefined()
  })
})
