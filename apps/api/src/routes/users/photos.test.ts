// People's photos through the api (docs/organisation.md, "Photos"): made from an upload of the
// person's own as two webp squares, read by who may see the person, replaced under a new name,
// removed by the person or reset by an administrator; on the disk and s3 stores
// (docs/files.md, "Photos").
import { messages, photoNamePattern, photoPath } from '@palabre/contracts'
import type { PhotoSize } from '@palabre/contracts'
import { samplePdf } from '@palabre/testing/sample-files'
import sharp from 'sharp'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { storeEnv, storeKinds, storedKeys } from '../../../test/stores.js'

const BOSS = '33699950100'
const boot = useApiHarness({ ADMIN_PHONES: `+${BOSS}` })
let h: ApiHarness
let boss: Member, ann: Member, bob: Member, partner: Member, partnerFriend: Member

/**
 * A 300 x 200 PNG, green with a red band on its left and a blue one on its right, with an EXIF
 * block: the centre's square is green and keeps no metadata.
 */
const landscapePng = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#00ff00' } })
    .composite([
      {
        input: { create: { width: 40, height: 200, channels: 3, background: '#ff0000' } },
        left: 0,
        top: 0,
      },
      {
        input: { create: { width: 40, height: 200, channels: 3, background: '#0000ff' } },
        left: 260,
        top: 0,
      },
    ])
    .withExif({ IFD0: { Copyright: 'Ann' } })
    .png()
    .toBuffer()

const upload = async (as: Member, kind: string, name: string, content: Buffer) => {
  const res = await h
    .browser()
    .post(`/api/upload/${kind}`)
    .set('Cookie', as.cookie)
    .attach('fileToUpload', content, name)
    .expect(201)
  return (res.body as { fileName: string }).fileName
}

const patch = (as: Member, body: object) =>
  h.browser().patch('/api/me/profile').set('Cookie', as.cookie).send(body)

const photoOf = async (as: Member) =>
  ((await h.getAs(as, '/api/me/profile').expect(200)).body as { photo?: string }).photo

const getPhoto = (as: Member, photo: string, size: PhotoSize) =>
  h.getAs(as, photoPath(photo, size)).responseType('blob')

/** Ann's new photo, from a fresh upload of hers. */
const newPhoto = async (as: Member) => {
  const fileName = await upload(as, 'image', 'me.png', await landscapePng())
  const res = await patch(as, { photoFileName: fileName }).expect(200)
  const photo = (res.body as { photo?: string }).photo
  expect(photo).toMatch(photoNamePattern)
  return photo ?? ''
}

/** The store's keys of photos: both sizes of every photo. */
const photoKeys = async () =>
  (await storedKeys(h.api.ctx.store)).filter((key) => key.includes('photo_'))

describe.each(storeKinds)('on the %s store', (kind) => {
  beforeAll(async () => {
    h = await boot(storeEnv(kind, `photos-${kind}`))
    boss = await h.member(BOSS, 'Boss')
    ann = await h.member('33699950001', 'Ann Photo')
    bob = await h.member('33699950002', 'Bob Colleague')
    partner = await h.member('33699950003', 'Pat Partner')
    partnerFriend = await h.member('33699950004', 'Pia Partner')
    await h.acquaint(ann, partnerFriend)
    const { profiles, posts, contacts, groups } = h.api.ctx.domain
    await contacts.save(bob.phone, { name: 'Ann', phone: ann.phone })
    await h.acquaint(ann, bob)
    await groups.create(ann, {
      idGroup: `photos-folder-${kind}`,
      nomGroup: 'Photos',
      noName: '0',
      participants: [{ phone: bob.phone, name: 'Bob' }],
    })
    await profiles.update(partner.phone, { kind: 'partner' })
    await profiles.update(partnerFriend.phone, { kind: 'partner' })
    // Pia shares a post with Ann; Pat shares nothing with her.
    await posts.send(ann, {
      idPostEmet: `photos-${kind}`,
      text: 'Hello Pia',
      typePoste: '0',
      destinataires: [{ phone: partnerFriend.phone, name: 'Pia' }],
      groups: [],
    })
  })
  afterAll(() => h.close())

  it('makes a 512 px and a 96 px webp square of the centre, without metadata', async () => {
    const photo = await newPhoto(ann)
    expect(photo).toMatch(photoNamePattern)
    expect(await photoOf(ann)).toBe(photo)
    for (const [size, side] of [
      ['large', 512],
      ['small', 96],
    ] as const) {
      const res = await getPhoto(bob, photo, size).expect(200)
      expect(res.headers['content-type']).toBe('image/webp')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable')
      const bytes = res.body as Buffer
      const meta = await sharp(bytes).metadata()
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
        'webp',
        side,
        side,
        undefined,
      ])
      // The centre of a 300 x 200 picture: green from edge to edge, red and blue cut away.
      const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
      const [r, g, b] = [data[0]!, data[1]!, data[2]!]
      expect(g > 200 && r < 60 && b < 60, `${size} left edge ${r},${g},${b}`).toBe(true)
    }
  })

  it("is carried by a colleague's contacts and folders lists", async () => {
    const photo = await newPhoto(ann)
    const contactsList = (await h.getAs(bob, `/api/userArrayRepertoire/${bob.phone}/0`).expect(200))
      .body as { phone: string; photo?: string }[]
    expect(contactsList.find((c) => c.phone === ann.phone)?.photo).toBe(photo)
    const folders = (await h.getAs(bob, `/api/groupe/${bob.phone}`).expect(200)).body as {
      participants: { phone: string; photo?: string }[]
    }[]
    const members = folders.flatMap((f) => f.participants)
    expect(members.find((p) => p.phone === ann.phone)?.photo).toBe(photo)
    expect(members.find((p) => p.phone === bob.phone)).not.toHaveProperty('photo')
  })

  it('gives every new photo a new name and removes the old one', async () => {
    const first = await newPhoto(ann)
    const second = await newPhoto(ann)
    expect(second).not.toBe(first)
    await getPhoto(bob, first, 'large').expect(404)
    await getPhoto(bob, first, 'small').expect(404)
    await getPhoto(bob, second, 'small').expect(200)
    expect(await photoKeys()).toEqual([second, `small_${second}`].sort())
  })

  it('refuses an upload that is unknown, someone else’s or no image, and changes nothing', async () => {
    const photo = await newPhoto(ann)
    const bobs = await upload(bob, 'image', 'bob.png', await landscapePng())
    const pdf = await upload(ann, 'file', 'cv.pdf', await samplePdf())
    const cases: [string, number, string][] = [
      [bobs, 403, messages.profile.notYourUpload],
      ['nothing___abcdefabcdef.png', 404, messages.profile.noSuchUpload],
      ['', 404, messages.profile.noSuchUpload],
      [pdf, 415, messages.profile.notAnImage],
    ]
    for (const [photoFileName, status, message] of cases) {
      const res = await patch(ann, { photoFileName, title: 'Not stored' }).expect(status)
      expect(res.body).toMatchObject({ error: { message } })
    }
    expect(await photoOf(ann)).toBe(photo)
    expect(((await h.getAs(ann, '/api/me/profile')).body as { title: string }).title).toBe('')
    expect(await photoKeys()).toEqual([photo, `small_${photo}`].sort())
  })

  it("is the person's own session's, the wall's source for their own cards", async () => {
    const photo = await newPhoto(ann)
    expect((await h.getAs(ann, '/api/auth/me').expect(200)).body).toMatchObject({ photo })
    await patch(ann, { photoFileName: null }).expect(200)
    expect((await h.getAs(ann, '/api/auth/me').expect(200)).body).not.toHaveProperty('photo')
  })

  it('removes the photo with photoFileName null', async () => {
    const photo = await newPhoto(ann)
    const res = await patch(ann, { photoFileName: null }).expect(200)
    expect(res.body).not.toHaveProperty('photo')
    expect(await photoOf(ann)).toBeUndefined()
    await getPhoto(ann, photo, 'large').expect(404)
    expect(await photoKeys()).toEqual([])
  })

  it('is read by the person, a colleague and a partner sharing a post, and nobody else', async () => {
    const photo = await newPhoto(ann)
    await getPhoto(ann, photo, 'small').expect(200)
    await getPhoto(bob, photo, 'small').expect(200)
    await getPhoto(partnerFriend, photo, 'small').expect(200)
    // A partner who shares nothing with Ann: as for a name nobody has.
    const hidden = await getPhoto(partner, photo, 'small').expect(404)
    const unknown = await getPhoto(partner, 'photo_AAAAAAAAAAAAAAAA.webp', 'small').expect(404)
    expect(JSON.parse(hidden.body.toString())).toEqual(JSON.parse(unknown.body.toString()))
    // No session: 401, before anything else.
    await request(h.server).get(photoPath(photo, 'small')).expect(401)
    await request(h.server).get(photoPath('photo_AAAAAAAAAAAAAAAA.webp', 'small')).expect(401)
  })

  it('is reset by an administrator, audited as member_photo_reset', async () => {
    const photo = await newPhoto(ann)
    const reset = () =>
      h.browser().delete(`/api/admin/members/${ann.phone}/photo`).set('Cookie', boss.cookie)
    await reset().expect(204)
    expect(await photoOf(ann)).toBeUndefined()
    await getPhoto(bob, photo, 'large').expect(404)
    expect(await photoKeys()).toEqual([])
    // Again: nothing to remove, nothing audited.
    await reset().expect(204)
    const audit = (await h.getAs(boss, `/api/admin/audit?phone=${ann.phone}`).expect(200)).body as {
      items: { action: string; actor: string; target: string; details: object }[]
    }
    // Each store's run has its own photo name: this one's entries only.
    const resets = audit.items.filter(
      (entry) =>
        entry.action === 'member_photo_reset' && JSON.stringify(entry.details).includes(photo),
    )
    expect(resets).toEqual([
      expect.objectContaining({ actor: boss.phone, target: ann.phone, details: { photo } }),
    ])
    await h
      .browser()
      .delete('/api/admin/members/33699950999/photo')
      .set('Cookie', boss.cookie)
      .expect(404)
    await h
      .browser()
      .delete(`/api/admin/members/${ann.phone}/photo`)
      .set('Cookie', bob.cookie)
      .expect(403)
  })
})
