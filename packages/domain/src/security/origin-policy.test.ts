import { describe, expect, it } from 'vitest'
import { originPolicy } from './origin-policy.js'

describe('originPolicy', () => {
  const policy = originPolicy('https://chat.example.org/some/path')

  it('allows the public origin and requests without an Origin', () => {
    expect(policy.allowed).toEqual(['https://chat.example.org'])
    expect(policy.allows('https://chat.example.org')).toBe(true)
    expect(policy.allows(undefined)).toBe(true)
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
    expect(policy.allows(origin)).toBe(false)
  })

  it('allows the Vite dev server only in development', () => {
    expect(policy.allows('http://localhost:5173')).toBe(false)
    const dev = originPolicy('http://localhost:8080', { development: true })
    expect(dev.allows('http://localhost:5173')).toBe(true)
    expect(dev.allows('http://localhost:8080')).toBe(true)
  })
})
