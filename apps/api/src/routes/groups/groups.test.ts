import { groupsRoutes } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'

const boot = useApiHarness()
let h: ApiHarness
let ann: Member, bob: Member, dan: Member

const get = (user: Member, path: string) => h.getAs(user, path)

beforeAll(async () => {
  h = await boot()
  ann = await h.member('33600000001', 'Ann A')
  bob = await h.member('33600000002', 'Bob B')
  dan = await h.member('33600000004', 'Dan D')
  await h.acquaint(ann, bob, dan)
  const { domain } = h.api.ctx
  await domain.groups.create(ann, {
    idGroup: 'old',
    nomGroup: 'Old',
    noName: '0',
    participants: [{ phone: bob.phone, name: 'Bobby' }],
  })
  h.clock.advance(1000)
  await domain.groups.create(ann, {
    idGroup: 'new',
    nomGroup: 'New',
    noName: '0',
    participants: [bob],
  })
  h.clock.advance(1000)
  await domain.posts.send(ann, {
    idPostEmet: 'p',
    text: 'news',
    typePoste: '0',
    destinataires: [],
    groups: [{ idGroup: 'old', name: 'Old' }],
  })
})
afterAll(() => h.close())

describe('GET /api/groupe/:userPhone', () => {
  it("lists the user's folders, last event first, with its unread badge", async () => {
    const res = await get(bob, `/api/groupe/${bob.phone}`).expect(200)
    const groups = groupsRoutes.getGroups.responses[200].parse(res.body)
    expect(groups.map((g) => [g.idGroup, g.nbrNotifNonLu])).toEqual([
      ['old', 1],
      ['new', 0],
    ])
    expect(groups[0]).toMatchObject({
      nomGroup: 'Old',
      nbrParticipants: 2,
      noName: '0',
      admin: [ann.phone],
      participants: [
        { phone: ann.phone, name: 'Ann A', selected: false },
        { phone: bob.phone, name: 'Bobby', selected: false },
      ],
    })
    expect(
      (await get(ann, `/api/groupe/${ann.phone}`).expect(200)).body.map(
        (g: { nbrNotifNonLu: number }) => g.nbrNotifNonLu,
      ),
    ).toEqual([0, 0])
    expect((await get(dan, `/api/groupe/${dan.phone}`).expect(200)).body).toEqual([])
  })

  it("answers 403 for another user's phone", async () => {
    await get(dan, `/api/groupe/${bob.phone}`).expect(403)
  })
})
