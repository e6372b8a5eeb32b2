// A person's own profile through the api (docs/organisation.md, "Profiles"), and the
// `profileChanged` it sends the people who know them, heard on socket.io nodes on Redis as the
// realtime nodes carry the api's notices (docs/realtime.md, "Profiles").
import { photoNamePattern } from '@palabre/contracts'
import { phoneRoom } from '@palabre/domain'
import { startRedis } from '@palabre/testing'
import type { RunningRedis } from '@palabre/testing'
import sharp from 'sharp'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { roomNodes } from '../../../test/room-node.js'
import type { RoomNodes } from '../../../test/room-node.js'

let redis: RunningRedis
const env: Record<string, string> = {}
const boot = useApiHarness(env)
let h: ApiHarness
let nodes: RoomNodes
let node: string
let awa: Member, friend: Member, stranger: Member

beforeAll(async () => {
  redis = await startRedis()
  env['REDIS_URL'] = redis.url
  h = await boot()
  nodes = roomNodes(redis.url)
  node = await nodes.start()
  awa = await h.member('33699970001', 'Awa Diop')
  friend = await h.member('33699970002', 'Friend')
  stranger = await h.member('33699970003', 'Stranger')
  // The friend has Awa in their contacts.
  await h.api.ctx.domain.contacts.save(friend.phone, { name: 'Awa', phone: awa.phone })
})
afterAll(async () => {
  await h?.close()
  await nodes?.close()
  await redis?.stop()
})

const patch = (member: Member, body: unknown) =>
  h
    .browser()
    .patch('/api/me/profile')
    .set('Cookie', member.cookie)
    .send(body as object)

const next = <T>(socket: Socket, event: string): Promise<T> =>
  new Promise((resolve) => socket.once(event, resolve))

const issuesOf = (res: { body: unknown }) =>
  (res.body as { error: { issues?: { path: string; message: string }[] } }).error.issues

describe('GET /api/me/profile', () => {
  it("answers the signed-in person's profile, an employee until set otherwise", async () => {
    const res = await h.getAs(stranger, '/api/me/profile').expect(200)
    expect(res.body).toEqual({
      phone: stranger.phone,
      phoneDisplay: '+33 6 99 97 00 03',
      name: 'Stranger',
      title: '',
      team: '',
      site: '',
      kind: 'employee',
    })
  })

  it('needs a session', async () => {
    await h.browser().get('/api/me/profile').expect(401)
  })
})

describe('PATCH /api/me/profile', () => {
  it('stores the name, title and language before answering, and tells the other tabs and contacts', async () => {
    const [ownTab, friendTab] = [
      await nodes.join(node, phoneRoom(awa.phone)),
      await nodes.join(node, phoneRoom(friend.phone)),
    ]
    const toOwn = next(ownTab, 'profileChanged')
    const toFriend = next(friendTab, 'profileChanged')
    const res = await patch(awa, { name: ' Awa N. Diop ', title: 'CTO', language: 'fr' }).expect(
      200,
    )
    expect(res.body).toEqual({
      phone: awa.phone,
      phoneDisplay: '+33 6 99 97 00 01',
      name: 'Awa N. Diop',
      title: 'CTO',
      team: '',
      site: '',
      kind: 'employee',
      language: 'fr',
    })
    const told = {
      phone: awa.phone,
      name: 'Awa N. Diop',
      title: 'CTO',
      team: '',
      site: '',
      kind: 'employee',
    }
    expect(await toOwn).toEqual(told)
    expect(await toFriend).toEqual(told)
    expect((await h.getAs(awa, '/api/me/profile').expect(200)).body).toEqual(res.body)
    // The wall reads its name from /api/auth/me: the same nomPrenom.
    expect((await h.getAs(awa, '/api/auth/me').expect(200)).body).toMatchObject({
      nomPrenom: 'Awa N. Diop',
    })
  })

  it('tells a new photo and its removal to those who know the person', async () => {
    const friendTab = await nodes.join(node, phoneRoom(friend.phone))
    const image = await sharp({
      create: { width: 120, height: 80, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer()
    const uploaded = await h
      .browser()
      .post('/api/upload/image')
      .set('Cookie', awa.cookie)
      .attach('fileToUpload', image, 'awa.png')
      .expect(201)
    const set = next<{ photo?: string }>(friendTab, 'profileChanged')
    const res = await patch(awa, {
      photoFileName: (uploaded.body as { fileName: string }).fileName,
    })
    const photo = (res.body as { photo: string }).photo
    expect(photo).toMatch(photoNamePattern)
    expect(await set).toMatchObject({ phone: awa.phone, photo })
    const removed = next<{ photo?: string }>(friendTab, 'profileChanged')
    await patch(awa, { photoFileName: null }).expect(200)
    const told = await removed
    expect(told).toMatchObject({ phone: awa.phone })
    expect(told).not.toHaveProperty('photo')
  })

  it('refuses each bad field with its message and changes nothing', async () => {
    const before = (await h.getAs(stranger, '/api/me/profile').expect(200)).body as object
    const cases: [unknown, string, string][] = [
      [{ name: '  ' }, 'body.name', 'A name cannot be empty.'],
      [{ title: 'x'.repeat(101) }, 'body.title', 'A title is at most 100 characters.'],
      [{ language: 'de' }, 'body.language', "The language is 'en' or 'fr'."],
      [{ name: 'Fine', kind: 'partner' }, 'body', 'Unknown field: kind.'],
      [{ photoFileName: 42 }, 'body.photoFileName', 'photoFileName is a file name or null.'],
      [{ photo: 'photo_AAAAAAAAAAAAAAAA.webp' }, 'body', 'Unknown field: photo.'],
    ]
    for (const [body, path, message] of cases) {
      const res = await patch(stranger, body).expect(400)
      expect(issuesOf(res), JSON.stringify(body)).toEqual([{ path, message }])
    }
    expect((await h.getAs(stranger, '/api/me/profile').expect(200)).body).toEqual(before)
  })

  it('needs a session before the body is read', async () => {
    const res = await h
      .browser()
      .patch('/api/me/profile')
      .send({ title: 'x'.repeat(500) })
    expect(res.status).toBe(401)
  })
})
