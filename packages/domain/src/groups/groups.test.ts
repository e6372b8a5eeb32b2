import { describe, expect, it } from 'vitest'
import { useDomainScene } from '../testing/domain-scene.js'

const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const cat = { phone: '33600000003', name: 'Cat' }
const dan = { phone: '33600000004', name: 'Dan' }
const scene = useDomainScene({ acquainted: [ann, bob, cat, dan] })

const createTeam = () =>
  scene.domain.groups.create(ann, {
    idGroup: 'g-team',
    nomGroup: 'Team',
    noName: '0',
    participants: [bob, cat],
  })

describe('shared folders', () => {
  it('are created with the creator as member and admin', async () => {
    const { group, created } = await createTeam()
    expect(created).toBe(true)
    expect(group.members.sort()).toEqual([ann.phone, bob.phone, cat.phone])
    expect(group.admin).toEqual([ann.phone])
    const [listed] = await scene.domain.groups.listFor(bob.phone)
    expect(listed).toMatchObject({
      nomGroup: 'Team',
      idGroup: 'g-team',
      nbrParticipants: 3,
      noName: '0',
      nbrNotifNonLu: 0,
    })
    expect(await scene.domain.groups.listFor(dan.phone)).toEqual([])
  })

  it('are created once when the creator retries, and their id is not anyone else’s to take', async () => {
    await createTeam()
    expect((await createTeam()).created).toBe(false)
    await expect(
      scene.domain.groups.create(dan, {
        idGroup: 'g-team',
        nomGroup: 'Mine',
        noName: '0',
        participants: [ann],
      }),
    ).rejects.toMatchObject({ code: 'conflict' })
    expect((await scene.domain.groups.get('g-team'))?.nomGroup).toBe('Team')
  })

  it('let a member add participants, and refuse a non-member', async () => {
    await createTeam()
    const added = await scene.domain.groups.addParticipants(bob, 'g-team', [dan, cat])
    expect(added.changed.map((p) => p.phone)).toEqual([dan.phone])
    expect(added.group.members).toContain(dan.phone)
    expect(added.group.lastEvent).toBe('group_p_a')
    const outsider = { phone: '33600000009', name: 'Eve' }
    await expect(
      scene.domain.groups.addParticipants(outsider, 'g-team', [outsider]),
    ).rejects.toMatchObject({ code: 'forbidden' })
    expect((await scene.domain.groups.get('g-team'))?.members).not.toContain(outsider.phone)
  })

  it('let a member remove others or leave', async () => {
    await createTeam()
    const removed = await scene.domain.groups.removeParticipants(bob, 'g-team', [cat.phone])
    expect(removed.changed.map((p) => p.phone)).toEqual([cat.phone])
    expect(removed.before).toContain(cat.phone)
    const left = await scene.domain.groups.removeParticipants(ann, 'g-team', [ann.phone])
    expect(left.group.members).toEqual([bob.phone])
    expect(left.group.admin).toEqual([])
    expect(await scene.domain.groups.listFor(ann.phone)).toEqual([])
    await expect(
      scene.domain.groups.removeParticipants(ann, 'g-team', [bob.phone]),
    ).rejects.toMatchObject({ code: 'forbidden' })
  })

  it('answer 404 for a folder that does not exist', async () => {
    await expect(scene.domain.groups.addParticipants(ann, 'nope', [bob])).rejects.toMatchObject({
      code: 'not_found',
    })
  })

  it('reuse the unnamed folder of the same people, else create one named by the contacts', async () => {
    const first = await scene.domain.groups.unnamedFolderFor(ann, [bob, cat])
    expect(first.created).toBe(true)
    expect(first.group).toMatchObject({ nomGroup: 'Bob,Cat', noName: '1' })
    // Same people, another order, from another member's point of view too.
    expect((await scene.domain.groups.unnamedFolderFor(ann, [cat, bob])).group.idGroup).toBe(
      first.group.idGroup,
    )
    expect((await scene.domain.groups.unnamedFolderFor(bob, [ann, cat])).group.idGroup).toBe(
      first.group.idGroup,
    )
    // Different people: a new folder. A named folder of the same people is not reused.
    await scene.domain.groups.create(ann, {
      idGroup: 'named',
      nomGroup: 'Named',
      noName: '0',
      participants: [bob, dan],
    })
    const other = await scene.domain.groups.unnamedFolderFor(ann, [bob, dan])
    expect(other.created).toBe(true)
    expect(other.group.idGroup).not.toBe('named')
  })
})
