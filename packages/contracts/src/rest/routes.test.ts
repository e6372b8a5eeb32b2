import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { errorBody } from '../errors.js'
import { messages } from '../messages.js'
import { canonicalPhoneSchema } from '../phone.js'
import { bodyLimitOf, buildPath, DEFAULT_BODY_LIMIT, type RouteContract } from '../route.js'
import { maxInvitationsPerCall, postAdminInvitations, putAdminSettings } from './admin.js'
import { maxAnnouncementFiles, postAdminAnnouncement } from './announcements.js'
import { restRoutes } from './all.js'
import { searchGroupPosts, getPostsPage } from './posts.js'
import { phoneOtpVerifySchema, phoneOtpSendSchema, emailOtpVerifySchema } from './otp.js'
import { updatePasswordSchema, alreadyRegisteredSchema } from './users.js'
import { getSync } from './sync.js'
import { getHealth } from './health.js'
import { getFile, parseAudioUploadAnswer, uploadAudio } from './files.js'
import { getPollResponse } from './polls.js'
import { getContactsPage } from './contacts.js'

const routes: [string, RouteContract][] = Object.entries(restRoutes)

/** Every original call and the ones added here (docs/architecture.md, "REST and socket.io"). */
const expected = [
  'get /api/health',
  'post /api/auth/login',
  'post /api/auth/logout',
  'get /api/auth/me',
  'post /api/auth/password',
  'post /api/otp/send',
  'post /api/otp/verify',
  'post /api/otpEmail/send',
  'post /api/otpEmail/verify',
  'post /api/user',
  'get /api/user/:phone',
  'get /api/userWithRepertoire/:phone',
  'post /api/updatePass',
  'get /api/me/profile',
  'get /api/directory',
  'patch /api/me/profile',
  'get /api/photos/:fileName',
  'post /api/contact',
  'patch /api/contact/:phone',
  'delete /api/contact/:phone',
  'get /api/userRepertoire/:phone',
  'get /api/userWithRepInscris/:userPhone',
  'get /api/userArrayRepertoire/:userPhone/:n',
  'get /api/searchRepertoire/:userPhone/:word/:n',
  'get /api/groupe/:userPhone',
  'get /api/userSocketWeb/:userPhone',
  'get /api/post/:userPhone',
  'get /api/postContact/:userPhone/:contactPhone',
  'get /api/postGroup/:userPhone/:groupId',
  'get /api/post/:userPhone/:pageIndex',
  'get /api/postView/:idPost',
  'get /api/postContact/:userPhone/:contactPhone/:pageIndex',
  'get /api/postGroup/:userPhone/:groupId/:pageIndex',
  'get /api/search/:userPhone/:term',
  'get /api/searchPostContact/:userPhone/:contactPhone/:term',
  'get /api/searchPostGroup/:userPhone/:groupId/:term',
  'get /api/search/:userPhone/:n/:word',
  'get /api/searchPostContact/:userPhone/:n/:contactPhone/:word',
  'get /api/searchPostGroup/:userPhone/:n/:idGroup/:word',
  'get /api/comment/:idPost',
  'get /api/commentFiles/:idPost',
  'get /api/commentFiles/:idPost/:n',
  'get /api/sync',
  'post /api/createPoll',
  'get /api/poll/:id',
  'get /api/polls/:id/results',
  'get /api/polls/:id/response',
  'post /api/polls/:id/response',
  'post /api/upload/image',
  'post /api/upload/media',
  'post /api/upload/file',
  'post /api/upload/audio',
  'get /api/files/:name',
  'get /api/files/:name/preview',
  'get /api/files/:name/info',
  'post /api/files/:name/views',
  'get /api/files/:name/views',
  'get /api/files/:name/views.csv',
  'get /api/files/:name/views.xlsx',
  'get /api/admin/settings',
  'put /api/admin/settings',
  'post /api/admin/invitations',
  'get /api/admin/invitations',
  'delete /api/admin/invitations/:phone',
  'get /api/admin/members',
  'post /api/admin/members/:phone/role',
  'post /api/admin/members/:phone/deactivate',
  'post /api/admin/members/:phone/activate',
  'patch /api/admin/members/:phone',
  'delete /api/admin/members/:phone/photo',
  'get /api/admin/audit',
  'post /api/admin/announcements',
  'get /api/admin/announcements/:idPostEmet',
  'get /api/admin/announcements/:idPostEmet/confirmations.csv',
  'get /api/admin/announcements/:idPostEmet/confirmations.xlsx',
  'post /api/admin/announcements/:idPostEmet/remind',
  'post /api/announcements/:idPostEmet/confirm',
  'get /api/announcements/pinned',
  'get /api/export',
  'get /api/admin/export',
]

const publicRoutes = [
  'getHealth',
  'login',
  'sendPhoneOtp',
  'verifyPhoneOtp',
  'sendEmailOtp',
  'verifyEmailOtp',
  'signUp',
  'updatePassword',
]

describe('restRoutes', () => {
  it('declares every call once', () => {
    const declared = routes.map(([, r]) => `${r.method} ${r.path}`)
    expect([...declared].sort()).toEqual([...expected].sort())
  })

  it('declares exactly the path parameters of each path', () => {
    for (const [name, route] of routes) {
      const inPath = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort()
      const shape = route.params instanceof z.ZodObject ? Object.keys(route.params.shape) : []
      expect(shape.sort(), name).toEqual(inPath)
    }
  })

  it('needs a session everywhere but the public calls, and says 401 where it does', () => {
    for (const [name, route] of routes) {
      expect(route.auth, name).toBe(!publicRoutes.includes(name))
      if (route.auth) expect(route.responses[401], name).toBeDefined()
    }
  })

  it('keeps every call under /api/admin/ for administrators, and only those', () => {
    for (const [name, route] of routes) {
      expect(route.admin === true, name).toBe(route.path.startsWith('/api/admin/'))
      if (route.admin)
        expect([route.auth, route.responses[403] !== undefined], name).toEqual([true, true])
    }
  })

  it("names the caller's own phone in every path that has a userPhone, as a phone", () => {
    for (const [name, route] of routes) {
      if (route.path.includes(':userPhone')) expect(route.self, name).toBe('userPhone')
      if (route.self === undefined) continue
      expect(route.auth, name).toBe(true)
      expect(route.path, name).toContain(`:${route.self}`)
      const shape = (route.params as z.ZodObject).shape as Record<string, z.ZodType>
      expect(shape[route.self], name).toBe(canonicalPhoneSchema)
    }
    expect(
      routes
        .filter(([, r]) => r.self === 'phone')
        .map(([name]) => name)
        .sort(),
    ).toEqual(['getUser', 'getUserWithRepertoire', 'syncRepertoire'])
  })

  it('answers every error status with the error body (health says why it is down its own way)', () => {
    const body = { ...errorBody('conflict', 'x'), message: messages.api.alreadySaved }
    for (const [name, route] of routes) {
      for (const [status, schema] of Object.entries(route.responses)) {
        if (Number(status) < 400 || route === getHealth) continue
        expect(schema.safeParse(body).success, `${name} ${status}`).toBe(true)
        expect(schema.safeParse({ message: 'bare' }).success, `${name} ${status}`).toBe(false)
      }
    }
    expect(alreadyRegisteredSchema.safeParse(errorBody('conflict', 'x')).success).toBe(false)
  })

  it('has no two paths Express could confuse', () => {
    const segments = (path: string) => path.split('/')
    for (const [nameA, a] of routes) {
      for (const [nameB, b] of routes) {
        if (nameA >= nameB || a.method !== b.method) continue
        const sa = segments(a.path)
        const sb = segments(b.path)
        if (sa.length !== sb.length) continue
        const distinct = sa.some(
          (s, i) => !s.startsWith(':') && !sb[i]?.startsWith(':') && s !== sb[i],
        )
        expect(distinct, `${nameA} vs ${nameB}`).toBe(true)
      }
    }
  })
})

describe('path parameters', () => {
  it('canonicalizes phones and coerces page indexes', () => {
    expect(getPostsPage.params.parse({ userPhone: '+33 612345678', pageIndex: '2' })).toEqual({
      userPhone: '33612345678',
      pageIndex: 2,
    })
    for (const bad of ['-1', 'abc', '1.5']) {
      const result = getPostsPage.params.safeParse({ userPhone: '33612345678', pageIndex: bad })
      expect(result.error?.issues[0]?.message, bad).toBe('Expected a non-negative integer.')
    }
    expect(getContactsPage.params.safeParse({ userPhone: 'me', n: '0' }).success).toBe(false)
  })

  it('builds request paths from the route object', () => {
    expect(
      buildPath(searchGroupPosts.path, {
        userPhone: '33612345678',
        n: 0,
        idGroup: 'g 1',
        word: 'a/b',
      }),
    ).toBe('/api/searchPostGroup/33612345678/0/g%201/a%2Fb')
    expect(
      searchGroupPosts.params.safeParse({
        userPhone: '33612345678',
        n: '0',
        idGroup: 'g',
        word: '  ',
      }).error?.issues[0]?.message,
    ).toBe('The search word is empty.')
  })

  it('refuses a file path in place of a stored name', () => {
    expect(getFile.params.safeParse({ name: 'plan___x1.pdf' }).success).toBe(true)
    for (const bad of ['../secret', 'a\\b', '..', '']) {
      expect(getFile.params.safeParse({ name: bad }).success, bad).toBe(false)
    }
  })
})

describe('bodies and queries', () => {
  it('reads the OTP bodies in their nameValuePairs envelope', () => {
    const pairs = { countryCode: '+33', phoneNumber: '6 12 34 56 78' }
    expect(phoneOtpSendSchema.parse({ nameValuePairs: pairs }).nameValuePairs.countryCode).toBe(
      '33',
    )
    expect(
      phoneOtpVerifySchema.safeParse({ nameValuePairs: { ...pairs, otp: '12345' } }).error
        ?.issues[0]?.message,
    ).toBe('The code has 6 digits.')
    expect(
      phoneOtpSendSchema.safeParse({ nameValuePairs: { ...pairs, phoneNumber: '' } }).error
        ?.issues[0]?.message,
    ).toBe('Please fill number phone field.')
    expect(
      phoneOtpSendSchema.safeParse({ nameValuePairs: { ...pairs, countryCode: '+49' } }).error
        ?.issues[0]?.message,
    ).toBe('Please select country.')
    expect(phoneOtpSendSchema.safeParse(pairs).success).toBe(false)
    expect(
      emailOtpVerifySchema.parse({ nameValuePairs: { mail: ' awa@example.org ', otp: '123456' } }),
    ).toEqual({ nameValuePairs: { mail: 'awa@example.org', otp: '123456' } })
  })

  it('reads the password reset body', () => {
    expect(
      updatePasswordSchema.parse({ nameValuePairs: { phone: '+33612345678', password: 'n3w' } }),
    ).toEqual({ nameValuePairs: { phone: '33612345678', password: 'n3w' } })
    expect(
      updatePasswordSchema.safeParse({ nameValuePairs: { phone: '33612345678', password: '' } })
        .error?.issues[0]?.message,
    ).toBe('Please fill password field.')
  })

  it('reads the sync and poll response queries', () => {
    expect(getSync.query.parse({})).toEqual({ since: 0 })
    expect(getSync.query.parse({ since: '12' })).toEqual({ since: 12 })
    expect(getSync.query.safeParse({ since: 'x' }).error?.issues[0]?.message).toBe(
      'since is a non-negative integer.',
    )
    expect(getPollResponse.query.parse({ respondentPhone: '+221771234567' })).toEqual({
      respondentPhone: '221771234567',
    })
    expect(getPollResponse.query.safeParse({}).success).toBe(false)
  })

  it('reads the audio upload answer', () => {
    expect(uploadAudio.responses[200].parse('200#rec___a1.webm')).toBe('200#rec___a1.webm')
    expect(uploadAudio.responses[200].safeParse('500#x').success).toBe(false)
    expect(parseAudioUploadAnswer('200#rec___a1.webm')).toBe('rec___a1.webm')
    expect(parseAudioUploadAnswer('500#x')).toBeNull()
    expect(parseAudioUploadAnswer('200#a#b')).toBeNull()
  })
})

describe('body limits', () => {
  /** The bytes of a body as a client sends it: JSON.stringify's text, in UTF-8. */
  const bytes = (body: unknown) => Buffer.byteLength(JSON.stringify(body), 'utf8')
  /** `n` characters that JSON.stringify writes as six-byte `\u0001` escapes: the worst case. */
  const escaped = (n: number) => '\u0001'.repeat(n)

  const fits = (route: RouteContract, body: unknown) => {
    expect(route.body.safeParse(body).success, 'a legitimate body').toBe(true)
    expect(bytes(body)).toBeLessThanOrEqual(bodyLimitOf(route))
  }

  it('hold an announcement and a list of invitations at every bound, every character escaped', () => {
    fits(postAdminAnnouncement, {
      text: escaped(10_000),
      fileNames: Array.from({ length: maxAnnouncementFiles }, () => escaped(200)),
      folderIds: Array.from({ length: 100 }, () => escaped(128)),
    })
    fits(postAdminInvitations, {
      invitations: Array.from({ length: maxInvitationsPerCall }, () => ({
        phone: escaped(64),
        name: escaped(100),
      })),
      dialCode: '+33',
    })
  })

  it('hold the sign-up settings at every bound in the default limit', () => {
    const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.org`
    expect(domain).toHaveLength(253)
    expect(bodyLimitOf(putAdminSettings)).toBe(DEFAULT_BODY_LIMIT)
    fits(putAdminSettings, {
      signupMode: 'closed',
      allowedEmailDomains: Array.from({ length: 100 }, (_, i) => `${i}${domain.slice(3)}`),
    })
  })
})
