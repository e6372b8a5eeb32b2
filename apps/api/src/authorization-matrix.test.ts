// Every operation of the contracts, called anonymously and by a signed-in stranger to the data
// it names (docs/security.md, "Identity"). A contract entry without a row fails the typecheck, so
// a new route cannot ship unexamined.
import {
  bodyLimitOf,
  buildPath,
  pollFileName,
  pollInputSchema,
  restRoutes,
  takesJsonBody,
} from '@palabre/contracts'
import type { RouteContract } from '@palabre/contracts'
import { sampleOffice } from '@palabre/testing/sample-files'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../test/api-harness.js'
import { SESSION_COOKIE } from './http/session-cookie.js'
import type { ApiHarness, Member } from '../test/api-harness.js'
import type { RouteName } from './http/route-table.js'

/**
 * - `public`: no session needed; the caller proves who they are in the call itself (password,
 *   OTP) or asks nothing personal.
 * - `own`: a session is needed, and the call names no one else (it reads the caller's own data).
 * - `named`: a session is needed, and the call names the owner's data (path or body): a stranger
 *   gets `stranger` and sees nothing of it.
 * - `admin`: for administrators only (docs/organisation.md, "Roles"): a member gets 403
 *   `forbidden`, whatever the call names.
 * - `notBuilt`: not served yet: 404 for everyone.
 */
type Row =
  | { kind: 'public' }
  | { kind: 'own' }
  | { kind: 'admin'; body?: object }
  | { kind: 'named'; stranger: 403 | 404; body?: (owner: Member) => object }
  | { kind: 'notBuilt' }

const named = (stranger: 403 | 404 = 403, body?: (owner: Member) => object): Row => ({
  kind: 'named',
  stranger,
  ...(body ? { body } : {}),
})

const rows: Record<RouteName, Row> = {
  getHealth: { kind: 'public' },
  login: { kind: 'public' },
  logout: { kind: 'own' },
  getMe: { kind: 'own' },
  changePassword: { kind: 'own' },
  getMyProfile: { kind: 'own' },
  getDirectory: { kind: 'own' },
  patchMyProfile: { kind: 'own' },
  sendPhoneOtp: { kind: 'public' },
  verifyPhoneOtp: { kind: 'public' },
  sendEmailOtp: { kind: 'public' },
  verifyEmailOtp: { kind: 'public' },
  signUp: { kind: 'public' },
  updatePassword: { kind: 'public' },
  getUser: named(),
  getUserWithRepertoire: named(),
  saveContact: named(403, (owner) => ({
    phoneOwnerRepertory: owner.phone,
    name: 'Someone',
    phone: '+33611119999',
  })),
  renameContact: named(403, (owner) => ({ phoneOwnerRepertory: owner.phone, name: 'Renamed' })),
  // The path names a contact of the caller's own repertoire: a stranger reaches only theirs,
  // where the owner's phone is no contact.
  deleteContact: named(404),
  syncRepertoire: named(),
  getRepertoireWithStatus: named(),
  getContactsPage: named(),
  searchContacts: named(),
  getGroups: named(),
  countPosts: named(),
  countContactPosts: named(),
  countGroupPosts: named(),
  getPostsPage: named(),
  getContactPostsPage: named(),
  getGroupPostsPage: named(),
  countSearchPosts: named(),
  countSearchContactPosts: named(),
  countSearchGroupPosts: named(),
  searchPosts: named(),
  searchContactPosts: named(),
  searchGroupPosts: named(),
  getUserSocketWeb: named(),
  // One post: only its participants may read it; anyone else is told it does not exist.
  getPost: named(404),
  // A post's thread: only its participants may read it.
  getComments: named(403),
  getCommentFiles: named(403),
  getCommentFilesPage: named(403),
  getSync: { kind: 'own' },
  // Quizzes: the creator and the respondent are named in the body; a quiz nobody shared with
  // the caller is refused.
  createPoll: named(403, (owner) => ({ ...pollBody, phoneCreatorPoll: owner.phone })),
  getPoll: named(403),
  getPollResults: named(403),
  getPollResponse: named(403),
  submitPollResponse: named(403, (owner) => ({
    nameRespondent: 'Owner',
    phoneRespondent: owner.phone,
    answers: [{ questionIndex: 0, selectedAnswers: [0] }],
  })),
  // Uploads store the caller's own file; a file reads as absent (404) to whoever may not read it.
  uploadImage: { kind: 'own' },
  uploadMedia: { kind: 'own' },
  uploadFile: { kind: 'own' },
  uploadAudio: { kind: 'own' },
  getFile: named(404),
  getFilePreview: named(404),
  getFileInfo: named(404),
  // Proof of viewing: a file the caller may not read does not exist for them, as a download.
  postFileViews: named(404, () => ({ ranges: [[0, 10]] })),
  getFileViews: named(404),
  getFileViewsCsv: named(404),
  getFileViewsXlsx: named(404),
  // The admin console's calls, with valid bodies, so the refusal is the role's and nothing else.
  getAdminSettings: { kind: 'admin' },
  putAdminSettings: {
    kind: 'admin',
    body: { signupMode: 'closed', allowedEmailDomains: ['example.org'] },
  },
  postAdminInvitations: { kind: 'admin', body: { invitations: [{ phone: '+33611119998' }] } },
  getAdminInvitations: { kind: 'admin' },
  deleteAdminInvitation: { kind: 'admin' },
  getAdminMembers: { kind: 'admin' },
  postAdminMemberRole: { kind: 'admin', body: { role: 'admin' } },
  postAdminMemberDeactivate: { kind: 'admin' },
  postAdminMemberActivate: { kind: 'admin' },
  patchAdminMember: { kind: 'admin', body: { team: 'Ops' } },
  getAdminAudit: { kind: 'admin' },
  // Announcements: made and followed by administrators; confirmed by their recipients only.
  postAdminAnnouncement: { kind: 'admin', body: { text: 'To everyone' } },
  getAdminAnnouncement: { kind: 'admin' },
  getAdminAnnouncementCsv: { kind: 'admin' },
  getAdminAnnouncementXlsx: { kind: 'admin' },
  postAdminAnnouncementRemind: { kind: 'admin' },
  postAnnouncementConfirm: named(404),
  getPinnedAnnouncements: { kind: 'own' },
  // Exports: the caller's own data, and the organisation's for administrators (docs/export.md).
  getExport: { kind: 'own' },
  getAdminExport: { kind: 'admin' },
}

/** A quiz of the owner's, shared with the friend in the owner's post. */
const pollBody = {
  title: 'Matrix quiz',
  questions: [
    {
      questionText: 'Right?',
      possibleAnswers: [{ text: 'yes', isCorrect: true }, { text: 'no' }],
    },
  ],
}

const boot = useApiHarness()
let h: ApiHarness
let pollId = ''
let owner: Member
let friend: Member
let stranger: Member
let postId = ''
let folderId = ''
let fileName = ''

beforeAll(async () => {
  h = await boot()
  owner = await h.member('33611110001', 'Owner')
  friend = await h.member('33611110002', 'Friend')
  stranger = await h.member('33611110003', 'Stranger')
  await h.acquaint(owner, friend)
  const { domain } = h.api.ctx
  const folder = await domain.groups.create(owner, {
    idGroup: 'matrix-folder',
    nomGroup: 'Matrix',
    noName: '0',
    participants: [{ phone: friend.phone, name: 'Friend' }],
  })
  folderId = folder.group.idGroup
  postId = 'matrix-post'
  await domain.posts.send(owner, {
    idPostEmet: postId,
    text: 'for the owner and the friend',
    typePoste: '0',
    destinataires: [{ phone: friend.phone, name: 'Friend' }],
    groups: [],
  })
  const poll = await domain.polls.create(owner.phone, pollBodyFor(owner))
  pollId = poll.pollId
  await domain.comments.add(owner, {
    idPostEmet: postId,
    idCmtEmet: 'matrix-poll',
    cmt: '',
    image: '',
    fileDocName: pollFileName(poll.title, poll.pollId),
    type: '1',
  })
  const uploaded = await h
    .browser()
    .post('/api/upload/file')
    .set('Cookie', owner.cookie)
    .attach('fileToUpload', await sampleOffice('docx'), 'owner.docx')
    .expect(201)
  fileName = (uploaded.body as { fileName: string }).fileName
  await domain.comments.add(owner, {
    idPostEmet: postId,
    idCmtEmet: 'matrix-file',
    cmt: '',
    image: '',
    fileDocName: fileName,
    type: '1',
  })
})
afterAll(() => h.close())

const pollBodyFor = (creator: Member) =>
  pollInputSchema.parse({ ...pollBody, phoneCreatorPoll: creator.phone })

/** The owner's data in every parameter a path can have. */
const pathFor = (route: RouteContract): string =>
  buildPath(route.path, {
    phone: owner.phone,
    userPhone: owner.phone,
    contactPhone: friend.phone,
    groupId: folderId,
    idGroup: folderId,
    idPost: postId,
    idPostEmet: postId,
    id: pollId,
    name: fileName,
    n: 0,
    pageIndex: 0,
    term: 'owner',
    word: 'owner',
  })

const call = (name: RouteName, as: Member | undefined) => {
  const route = restRoutes[name] as RouteContract
  const row = rows[name]
  const request = h.browser()[route.method](pathFor(route))
  if (as) request.set('Cookie', as.cookie)
  if (name === 'getPollResponse') request.query({ respondentPhone: owner.phone })
  if (takesJsonBody(route))
    request.send(
      row.kind === 'named' && row.body
        ? row.body(owner)
        : row.kind === 'admin' && row.body
          ? row.body
          : {},
    )
  return request
}

const names = Object.keys(restRoutes) as RouteName[]

describe('the authorization matrix', () => {
  it.each(names)('%s, called anonymously', async (name) => {
    const row = rows[name]
    const res = await call(name, undefined)
    if (row.kind === 'notBuilt') expect(res.status).toBe(404)
    else if (row.kind === 'public') expect(res.status).not.toBe(401)
    else expect(res.status).toBe(401)
  })

  it.each(names)('%s, called by a signed-in stranger to the owner', async (name) => {
    const row = rows[name]
    // Logging out ends the session it is called with: a session of its own, so the stranger's
    // stays open for the rows after it.
    const as =
      name === 'logout'
        ? {
            ...stranger,
            cookie: `${SESSION_COOKIE}=${(await h.api.ctx.domain.sessions.open(stranger.phone)).token}`,
          }
        : stranger
    const res = await call(name, as)
    if (row.kind === 'notBuilt') expect(res.status).toBe(404)
    else if (row.kind === 'named') expect(res.status).toBe(row.stranger)
    else if (row.kind === 'admin') {
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject({ error: { code: 'forbidden' } })
    } else expect(res.status).not.toBe(401)
    // Nothing of the owner's leaks into any answer to the stranger.
    expect(JSON.stringify(res.body ?? '')).not.toContain('for the owner and the friend')
  })
})

/**
 * Bodies no call could use: nested past the depth limit, not JSON at all, larger than the call
 * takes (413 if it were read), and for the administrators' calls one that fails validation.
 */
const unreadableBodies = (route: RouteContract): [string, string][] => [
  ['nested too deep', `${'['.repeat(5_000)}${']'.repeat(5_000)}`],
  ['not JSON', '{"signupMode":'],
  ['too large', `"${'x'.repeat(bodyLimitOf(route))}"`],
]

const sendRaw = (name: RouteName, as: Member | undefined, body: string | undefined, query = '') => {
  const route = restRoutes[name] as RouteContract
  const request = h.browser()[route.method](`${pathFor(route)}${query}`)
  if (as) request.set('Cookie', as.cookie)
  if (body === undefined) return request
  return request.set('Content-Type', 'application/json').send(body)
}

// Who may call is settled before anything of the request is read but its path (docs/security.md,
// "Bad input"): the refusals above stand whatever the query and the body hold, and a body that
// could not even be read is never read.
describe('the authorization matrix, before the input is read', () => {
  const signedInNames = names.filter((n) => !['public', 'notBuilt'].includes(rows[n].kind))

  it.each(signedInNames.filter((n) => takesJsonBody(restRoutes[n])))(
    '%s, called anonymously with a body it could not read, is 401',
    async (name) => {
      for (const [what, body] of unreadableBodies(restRoutes[name])) {
        const res = await sendRaw(name, undefined, body)
        expect([what, res.status, res.body.error?.code]).toEqual([what, 401, 'unauthenticated'])
      }
    },
  )

  it.each(names.filter((n) => rows[n].kind === 'admin'))(
    '%s, called by a member with input that fails validation, is 403',
    async (name) => {
      const route = restRoutes[name] as RouteContract
      const attempts: [string, string | undefined, string][] = takesJsonBody(route)
        ? [
            ['an incomplete body', '{}', ''],
            ...unreadableBodies(route).map(([w, b]) => [w, b, ''] as [string, string, string]),
          ]
        : [['an undeclared query parameter', undefined, '?unknown=1']]
      for (const [what, body, query] of attempts) {
        const res = await sendRaw(name, stranger, body, query)
        expect([what, res.status, res.body.error?.code]).toEqual([what, 403, 'forbidden'])
      }
    },
  )

  it.each(names.filter((n) => (restRoutes[n] as RouteContract).self !== undefined))(
    "%s, naming the owner's phone, is 403 to a stranger whatever the query holds",
    async (name) => {
      const res = await sendRaw(name, stranger, undefined, '?unknown=1')
      expect([res.status, res.body.error?.code]).toEqual([403, 'forbidden'])
    },
  )
})
