import type { Contact, Group, PublicProfile, UserProfile } from '@palabre/contracts'
import type { InfiniteData } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from '../../../../lib/query-client'
import { sessionQueryKey } from '../../../../session/session-query'
import { wallKeys } from '../keys'
import { onProfileChanged } from './profile-changed'

// `profileChanged` carries another person's photo to where the wall shows it
// (docs/realtime.md, "Profiles"; docs/organisation.md, "Photos").

const viewer = '33600000001'
const ann = '33600000002'
const contact = (phone: string, status: '0' | '1', photo?: string): Contact => ({
  name: 'Ann',
  phone,
  status,
  ...(photo ? { photo } : {}),
})
const profile = (photo?: string): PublicProfile => ({
  phone: ann,
  name: 'Ann',
  title: '',
  team: '',
  site: '',
  kind: 'employee',
  ...(photo ? { photo } : {}),
})
const folder = (photo?: string) =>
  ({
    idGroup: 'g1',
    participants: [{ phone: ann, ...(photo ? { photo } : {}) }, { phone: viewer }],
  }) as unknown as Group

describe('onProfileChanged', () => {
  it("puts a registered contact's and a folder member's new photo in the lists, and takes a removed one away", () => {
    const client = createQueryClient()
    client.setQueryData<InfiniteData<Contact[]>>(wallKeys.contacts(viewer, ''), {
      pages: [[contact(ann, '1', 'photo_old.webp')]],
      pageParams: [0],
    })
    client.setQueryData<Group[]>(wallKeys.groups(viewer), [folder('photo_old.webp')])
    onProfileChanged(client, viewer, profile('photo_new.webp'))
    const contactsNow = () =>
      client.getQueryData<InfiniteData<Contact[]>>(wallKeys.contacts(viewer, ''))?.pages[0]?.[0]
    const memberNow = () =>
      client.getQueryData<Group[]>(wallKeys.groups(viewer))?.[0]?.participants[0]
    expect(contactsNow()?.photo).toBe('photo_new.webp')
    expect(memberNow()?.photo).toBe('photo_new.webp')
    onProfileChanged(client, viewer, profile())
    expect(contactsNow()).not.toHaveProperty('photo')
    expect(memberNow()).not.toHaveProperty('photo')
  })

  it('leaves a contact who is not registered for the viewer without a photo', () => {
    const client = createQueryClient()
    client.setQueryData<InfiniteData<Contact[]>>(wallKeys.contacts(viewer, ''), {
      pages: [[contact(ann, '0')]],
      pageParams: [0],
    })
    onProfileChanged(client, viewer, profile('photo_new.webp'))
    expect(
      client.getQueryData<InfiniteData<Contact[]>>(wallKeys.contacts(viewer, ''))?.pages[0]?.[0],
    ).not.toHaveProperty('photo')
  })

  it("gives the person's own session their new photo, which their own cards read", () => {
    const client = createQueryClient()
    const me: UserProfile = { nomPrenom: 'Ann', phone: ann, mail: 'ann@example.test' }
    client.setQueryData<UserProfile>(sessionQueryKey, me)
    onProfileChanged(client, ann, profile('photo_mine.webp'))
    expect(client.getQueryData<UserProfile>(sessionQueryKey)?.photo).toBe('photo_mine.webp')
    onProfileChanged(client, ann, profile())
    expect(client.getQueryData<UserProfile>(sessionQueryKey)).not.toHaveProperty('photo')
  })
})
