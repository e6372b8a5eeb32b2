// An administrator's change of a member's profile (docs/organisation.md, "Profiles"): stored,
// audited as member_update, and told live to the member's tabs and to who shares a folder with
// them (docs/realtime.md, "Profiles"), heard on socket.io nodes on Redis.
import { messages } from '@palabre/contracts'
import { phoneRoom } from '@palabre/domain'
import { startRedis } from '@palabre/testing'
import type { RunningRedis } from '@palabre/testing'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { roomNodes } from '../../../test/room-node.js'
import type { RoomNodes } from '../../../test/room-node.js'
import { buildUser, signUp } from '../../../test/sign-up-flow.js'

const BOSS = '33699960100'

let redis: RunningRedis
const env: Record<string, string> = { ADMIN_PHONES: `+${BOSS}` }
const boot = useApiHarness(env)
let h: ApiHarness
let nodes: RoomNodes
let node: string
let boss: Member, mia: Member, colleague: Member

beforeAll(async () => {
  redis = await startRedis()
  env['REDIS_URL'] = redis.url
  h = await boot()
  nodes = roomNodes(redis.url)
  node = await nodes.start()
  boss = await h.member(BOSS, 'Boss')
  mia = await h.member('33699960001', 'Mia Member')
  colleague = await h.member('33699960002', 'Colleague')
  // Mia and her colleague share a folder.
  await h.acquaint(mia, colleague)
  await h.api.ctx.domain.groups.create(mia, {
    idGroup: 'g-member-profile',
    nomGroup: 'Team',
    noName: '0',
    participants: [{ phone: colleague.phone }],
  })
})
afterAll(async () => {
  await h?.close()
  await nodes?.close()
  await redis?.stop()
})

const patchMember = (as: Member, phone: string, body: unknown) =>
  h
    .browser()
    .patch(`/api/admin/members/${phone}`)
    .set('Cookie', as.cookie)
    .send(body as object)

const next = <T>(socket: Socket, event: string): Promise<T> =>
  new Promise((resolve) => socket.once(event, resolve))

const issuesOf = (res: { body: unknown }) =>
  (res.body as { error: { issues?: { path: string; message: string }[] } }).error.issues

const auditOf = async (phone: string) =>
  (await h.getAs(boss, `/api/admin/audit?phone=${phone}`).expect(200)).body as {
    items: { action: string; actor: string; target?: string; details: object }[]
  }

describe('PATCH /api/admin/members/{phone}', () => {
  it("sets a member's title, team, site and kind, audits each change and tells who knows them", async () => {
    const [ownTab, colleagueTab] = [
      await nodes.join(node, phoneRoom(mia.phone)),
      await nodes.join(node, phoneRoom(colleague.phone)),
    ]
    const toOwn = next(ownTab, 'profileChanged')
    const toColleague = next(colleagueTab, 'profileChanged')
    const res = await patchMember(boss, mia.phone, {
      title: 'Buyer',
      team: 'Ops',
      site: 'Dakar',
      kind: 'partner',
    }).expect(200)
    expect(res.body).toMatchObject({
      phone: mia.phone,
      name: 'Mia Member',
      title: 'Buyer',
      team: 'Ops',
      site: 'Dakar',
      kind: 'partner',
      role: 'member',
      status: 'active',
    })
    const told = {
      phone: mia.phone,
      name: 'Mia Member',
      title: 'Buyer',
      team: 'Ops',
      site: 'Dakar',
      kind: 'partner',
    }
    expect(await toOwn).toEqual(told)
    expect(await toColleague).toEqual(told)
    expect((await h.getAs(mia, '/api/me/profile').expect(200)).body).toMatchObject(told)
    expect((await auditOf(mia.phone)).items[0]).toMatchObject({
      action: 'member_update',
      actor: BOSS,
      target: mia.phone,
      details: {
        title: { from: '', to: 'Buyer' },
        team: { from: '', to: 'Ops' },
        site: { from: '', to: 'Dakar' },
        kind: { from: 'employee', to: 'partner' },
      },
    })
    // The list shows it too.
    const list = await h.getAs(boss, `/api/admin/members?q=Mia`).expect(200)
    expect((list.body as { items: object[] }).items[0]).toMatchObject({
      team: 'Ops',
      kind: 'partner',
    })
  })

  it('appends nothing when nothing changes, and records only the fields that did', async () => {
    const before = (await auditOf(mia.phone)).items.length
    await patchMember(boss, mia.phone, { team: 'Ops' }).expect(200)
    expect((await auditOf(mia.phone)).items).toHaveLength(before)
    await patchMember(boss, mia.phone, { name: 'Mia M.', team: 'Ops', kind: 'employee' }).expect(
      200,
    )
    const entries = (await auditOf(mia.phone)).items
    expect(entries).toHaveLength(before + 1)
    expect(entries[0]?.details).toEqual({
      name: { from: 'Mia Member', to: 'Mia M.' },
      kind: { from: 'partner', to: 'employee' },
    })
  })

  it('refuses each bad field with its message and changes nothing', async () => {
    const before = (await h.getAs(colleague, '/api/me/profile').expect(200)).body as object
    const auditBefore = (await auditOf(colleague.phone)).items.length
    const cases: [unknown, string, string][] = [
      [{ name: ' ' }, 'body.name', 'A name cannot be empty.'],
      [{ title: 'x'.repeat(101) }, 'body.title', 'A title is at most 100 characters.'],
      [{ team: 'x'.repeat(101) }, 'body.team', 'A team is at most 100 characters.'],
      [{ site: 'x'.repeat(101) }, 'body.site', 'A site is at most 100 characters.'],
      [{ kind: 'contractor' }, 'body.kind', "A member's kind is 'employee' or 'partner'."],
      [{ team: 'Ops', role: 'admin' }, 'body', 'Unknown field: role.'],
    ]
    for (const [body, path, message] of cases) {
      const res = await patchMember(boss, colleague.phone, body).expect(400)
      expect(issuesOf(res), JSON.stringify(body)).toEqual([{ path, message }])
    }
    expect((await h.getAs(colleague, '/api/me/profile').expect(200)).body).toEqual(before)
    expect((await auditOf(colleague.phone)).items).toHaveLength(auditBefore)
  })

  it('answers 404 for a phone without an account, and audits nothing', async () => {
    const res = await patchMember(boss, '33699969999', { team: 'Ops' }).expect(404)
    expect(res.body).toEqual({
      error: { code: 'not_found', message: messages.organisation.noSuchMember },
    })
    expect((await auditOf('33699969999')).items).toEqual([])
  })

  it('refuses a member with 403 before the body is read, and changes nothing', async () => {
    // A body that fails validation: the refusal is the role's, not the body's.
    const res = await patchMember(colleague, mia.phone, { kind: 'boss' }).expect(403)
    expect(res.body).toEqual({
      error: { code: 'forbidden', message: messages.organisation.adminsOnly },
    })
    await patchMember(colleague, mia.phone, { team: 'Hacked' }).expect(403)
    expect((await h.getAs(mia, '/api/me/profile').expect(200)).body).toMatchObject({ team: 'Ops' })
  })
})

describe("an invitation's kind", () => {
  it('is copied onto the account of the sign-up it allows', async () => {
    const answer = await h
      .browser()
      .post('/api/admin/invitations')
      .set('Cookie', boss.cookie)
      .send({ invitations: [{ phone: '+33699960050' }], kind: 'partner' })
      .expect(200)
    expect(answer.body.results[0]).toMatchObject({ outcome: 'invited' })
    const pending = await h.getAs(boss, '/api/admin/invitations').expect(200)
    expect(pending.body.items[0]).toMatchObject({ phone: '33699960050', kind: 'partner' })
    const browser = h.browser()
    await signUp(
      h,
      browser,
      buildUser({ countryCode: '+33', phoneNumber: '06 99 96 00 50', phone: '33699960050' }),
    )
    expect((await browser.get('/api/me/profile').expect(200)).body).toMatchObject({
      phone: '33699960050',
      kind: 'partner',
    })
  })
})
