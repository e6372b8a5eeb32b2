import { describe, expect, it } from 'vitest'
import { serverEvents } from '../socket/events.js'
import { maxProfileFieldLength, updateMemberSchema, updateMyProfileSchema } from './profile.js'

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])

describe('profiles (docs/organisation.md, "Profiles")', () => {
  it("take a person's own name, title and language, trimmed; '' unsets a title", () => {
    expect(
      updateMyProfileSchema.parse({ name: ' Awa Diop ', title: '  ', language: 'fr' }),
    ).toEqual({ name: 'Awa Diop', title: '', language: 'fr' })
    expect(updateMyProfileSchema.parse({})).toEqual({})
  })

  it('refuse each bad field with its own message', () => {
    const long = 'x'.repeat(maxProfileFieldLength + 1)
    expect(messagesOf(updateMyProfileSchema.safeParse({ name: '   ' }))).toEqual([
      ['name', 'A name cannot be empty.'],
    ])
    expect(messagesOf(updateMyProfileSchema.safeParse({ title: long }))).toEqual([
      ['title', 'A title is at most 100 characters.'],
    ])
    expect(messagesOf(updateMyProfileSchema.safeParse({ language: 'de' }))).toEqual([
      ['language', "The language is 'en' or 'fr'."],
    ])
    expect(messagesOf(updateMyProfileSchema.safeParse({ title: 3 }))).toEqual([
      ['title', 'A title is text.'],
    ])
  })

  it('refuse a key the call does not take, by name; take a photo by its upload name, or null', () => {
    expect(messagesOf(updateMyProfileSchema.safeParse({ photo: 'a.jpg' }))).toEqual([
      ['', 'Unknown field: photo.'],
    ])
    expect(updateMyProfileSchema.parse({ photoFileName: 'a___abcdefabcdef.jpg' })).toEqual({
      photoFileName: 'a___abcdefabcdef.jpg',
    })
    expect(updateMyProfileSchema.parse({ photoFileName: null })).toEqual({ photoFileName: null })
    expect(messagesOf(updateMyProfileSchema.safeParse({ photoFileName: 7 }))).toEqual([
      ['photoFileName', 'photoFileName is a file name or null.'],
    ])
    // A member's team and kind are an administrator's to set.
    expect(messagesOf(updateMyProfileSchema.safeParse({ team: 'Ops', kind: 'partner' }))).toEqual([
      ['', 'Unknown fields: team, kind.'],
    ])
  })

  it("take an administrator's change of a member: name, title, team, site, kind", () => {
    expect(
      updateMemberSchema.parse({ team: ' Ops ', site: 'Dakar', kind: 'partner', title: '' }),
    ).toEqual({ team: 'Ops', site: 'Dakar', kind: 'partner', title: '' })
    expect(messagesOf(updateMemberSchema.safeParse({ kind: 'contractor' }))).toEqual([
      ['kind', "A member's kind is 'employee' or 'partner'."],
    ])
    expect(messagesOf(updateMemberSchema.safeParse({ site: 'x'.repeat(101) }))).toEqual([
      ['site', 'A site is at most 100 characters.'],
    ])
    expect(messagesOf(updateMemberSchema.safeParse({ team: 'x'.repeat(101) }))).toEqual([
      ['team', 'A team is at most 100 characters.'],
    ])
    expect(messagesOf(updateMemberSchema.safeParse({ role: 'admin' }))).toEqual([
      ['', 'Unknown field: role.'],
    ])
  })

  it('say profileChanged with the public profile only', () => {
    const profile = {
      phone: '33612345678',
      name: 'Awa',
      title: 'CTO',
      team: 'Ops',
      site: 'Dakar',
      kind: 'partner',
    }
    expect(serverEvents.profileChanged.payload.parse(profile)).toEqual(profile)
    expect(serverEvents.profileChanged.payload.safeParse({ ...profile, kind: 'x' }).success).toBe(
      false,
    )
  })
})
