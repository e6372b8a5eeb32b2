// The directory through the api (docs/organisation.md, "The directory"): the session first,
// then the query; an employee sees every active member, a partner the administrators and the
// people they share a post or a folder with, and the registered mark of a partner's contacts.
import { messages } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'

const boot = useApiHarness({ ADMIN_PHONES: '+33699980009' })
let h: ApiHarness
let emp: Member, pat: Member, mate: Member, far: Member, cfg: Member

beforeAll(async () => {
  h = await boot()
  emp = await h.member('33699980001', 'Emma Employee')
  pat = await h.member('33699980002', 'Paul Partner')
  mate = await h.member('33699980003', 'Fred Folder')
  far = await h.member('33699980004', 'Zoe Stranger')
  cfg = await h.member('33699980009', 'Carl Configured')
  const { domain } = h.api.ctx
  await domain.profiles.update(pat.phone, { kind: 'partner' })
  await domain.profiles.update(far.phone, { team: 'Sécurité' })
  await h.acquaint(emp, pat, mate, far, cfg)
  await domain.groups.create(mate, {
    idGroup: 'team',
    nomGroup: 'Team',
    noName: '0',
    participants: [pat],
  })
})
afterAll(() => h?.close())

const namesOf = (res: { body: unknown }) =>
  (res.body as { items: { name: string }[] }).items.map((item) => item.name)

describe('GET /api/directory', () => {
  it('needs a session before anything else', async () => {
    const res = await h.browser().get(`/api/directory?q=${'x'.repeat(500)}`)
    expect(res.status).toBe(401)
  })

  it('refuses a search word past 100 characters', async () => {
    const res = await h.getAs(emp, `/api/directory?q=${'x'.repeat(101)}`)
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('The search word is at most 100 characters.')
  })

  it('shows an employee every active member but themselves, by name', async () => {
    const res = await h.getAs(emp, '/api/directory')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ total: 4 })
    expect(namesOf(res)).toEqual(['Carl Configured', 'Fred Folder', 'Paul Partner', 'Zoe Stranger'])
    const search = await h.getAs(emp, '/api/directory?q=SECU')
    expect(search.body).toEqual({
      total: 1,
      items: [
        {
          phone: far.phone,
          name: 'Zoe Stranger',
          title: '',
          team: 'Sécurité',
          site: '',
          kind: 'employee',
        },
      ],
    })
  })

  it('shows a partner the administrators and their folder mates only', async () => {
    const res = await h.getAs(pat, '/api/directory')
    expect(res.body).toMatchObject({ total: 2 })
    expect(namesOf(res)).toEqual(['Carl Configured', 'Fred Folder'])
    expect(namesOf(await h.getAs(pat, '/api/directory?q=zoe'))).toEqual([])
  })
})

describe('a partner’s contacts', () => {
  it('are marked registered only when the partner sees them', async () => {
    const res = await h.getAs(pat, `/api/userWithRepertoire/${pat.phone}`)
    expect(res.status).toBe(200)
    const marks = Object.fromEntries(
      (res.body as { repertoire: { phone: string; status: string }[] }[])[0]!.repertoire.map(
        (c) => [c.phone, c.status],
      ),
    )
    expect(marks).toMatchObject({
      [mate.phone]: '1',
      [cfg.phone]: '1',
      [far.phone]: '0',
      [emp.phone]: '0',
    })
  })

  it('may not post to someone they do not see: nothing is stored', async () => {
    const { domain } = h.api.ctx
    await expect(
      domain.posts.send(pat, {
        idPostEmet: 'refused-1',
        text: 'hello',
        typePoste: '0',
        destinataires: [far],
        groups: [],
      }),
    ).rejects.toMatchObject({ code: 'forbidden', message: messages.message.notVisibleToPartner })
    expect(await domain.connection.models['Post']!.countDocuments({ _id: 'refused-1' })).toBe(0)
  })
})
