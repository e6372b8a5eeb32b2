/**
 * Test helpers of the console (tests only: nothing of the app imports this). The api is a
 * stubbed `fetch` that records every call and answers as the server would, each test saying
 * what it needs; the session is `GET /api/auth/me` with the role.
 */
import type { AuditEntry, Invitation, Member, Role } from '@palabre/contracts'
import { vi } from 'vitest'

export const adminPhone = '33699990001'

export const adminMe = {
  nomPrenom: 'Ada Admin',
  phone: adminPhone,
  mail: 'ada@example.org',
  role: 'admin' as Role,
}

/** An ISO date from local parts, so the texts expected hold in any time zone. */
export const local = (day: number, hours: number, minutes: number): string =>
  new Date(2026, 2, day, hours, minutes).toISOString()

/** A member as `GET /api/admin/members` lists them. */
export const member = (overrides: Partial<Member> = {}): Member => ({
  phone: '33612345678',
  name: 'Jane Doe',
  mail: 'jane@example.org',
  role: 'member',
  status: 'active',
  createdAt: local(5, 14, 7),
  lastSeenAt: null,
  adminByConfiguration: false,
  deactivatedAt: null,
  title: '',
  team: '',
  site: '',
  kind: 'employee',
  ...overrides,
})

/** The administrator themself, as the members' list shows them. */
export const selfMember = (): Member =>
  member({
    phone: adminPhone,
    name: adminMe.nomPrenom,
    role: 'admin',
    adminByConfiguration: true,
  })

export const invitation = (overrides: Partial<Invitation> = {}): Invitation => ({
  phone: '33612340001',
  name: 'Zoé Martin',
  invitedAt: local(6, 9, 30),
  invitedBy: adminPhone,
  ...overrides,
})

export const auditEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 'a1',
  at: local(7, 10, 15),
  action: 'invite',
  actor: adminPhone,
  actorName: adminMe.nomPrenom,
  target: '33612340001',
  details: { name: 'Zoé Martin' },
  ...overrides,
})

export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

export const failure = (
  status: number,
  code: string,
  message: string,
  issues?: { path: string; message: string }[],
): Response => jsonResponse({ error: { code, message, ...(issues ? { issues } : {}) } }, status)

/** A call the page made: its method, path, query and JSON body. */
export interface ApiCall {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
}

/** `{total, items}`, 20 of `items` from the call's offset `n`. */
export const pageOf = <T>(items: readonly T[], call: ApiCall): Response => {
  const n = Number(call.query.get('n') ?? '0')
  return jsonResponse({ total: items.length, items: items.slice(n, n + 20) })
}

/** What each list answers unless a test says otherwise: empty, the environment's settings. */
const defaults = (call: ApiCall): Response => {
  if (call.method === 'GET' && call.path === '/api/admin/settings')
    return jsonResponse({ signupMode: 'open', allowedEmailDomains: [], savedAt: null })
  if (
    call.method === 'GET' &&
    ['/api/admin/members', '/api/admin/invitations', '/api/admin/audit'].includes(call.path)
  )
    return jsonResponse({ total: 0, items: [] })
  return failure(404, 'not_found', `No stub for ${call.method} ${call.path}`)
}

/**
 * Stubs `fetch`: `/api/auth/me` answers `me` (the administrator unless told), every other call
 * goes to `answer`, which may leave it (undefined) to the defaults. Returns the calls made;
 * restore with vi.unstubAllGlobals().
 */
export const stubAdminApi = (
  answer: (call: ApiCall) => Response | Promise<Response> | undefined = () => undefined,
  me: object = adminMe,
): ApiCall[] => {
  const calls: ApiCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://test')
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
      const call: ApiCall = {
        method: (init?.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        query: url.searchParams,
        body,
      }
      if (call.path === '/api/auth/me') return jsonResponse(me)
      calls.push(call)
      return (await answer(call)) ?? defaults(call)
    }),
  )
  return calls
}

/** The calls to one method and path. */
export const callsTo = (calls: readonly ApiCall[], method: string, path: string): ApiCall[] =>
  calls.filter((call) => call.method === method && call.path === path)
