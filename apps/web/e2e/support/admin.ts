import type { APIRequestContext, Browser } from '@playwright/test'
import { createAccount } from './accounts'
import { adminPhone } from './admin-phone'
import type { Member } from './members'

export { adminPhone } from './admin-phone'

/** The administrator's account: the ADMIN_PHONES phone, typed as a person in France would. */
export const adminAccount = {
  name: 'Ada Admin',
  typed: `0${adminPhone.slice(3)}`,
  phone: adminPhone.slice(1),
  password: 'Admin-secret-1',
}

const ok = async (answer: {
  ok: () => boolean
  status: () => number
  text: () => Promise<string>
}) => {
  if (!answer.ok()) throw new Error(`${answer.status()} ${await answer.text()}`)
}

/**
 * Signs the administrator in with `request`: through the api, signing them up first when the
 * run has no account for them yet (the first spec that needs them does it).
 */
export const signInAdminWith = async (request: APIRequestContext): Promise<void> => {
  const login = () =>
    request.post('/api/auth/login', {
      data: { phone: adminAccount.phone, password: adminAccount.password },
    })
  const answer = await login()
  if (answer.status() !== 404) return ok(answer)
  await createAccount(request, adminAccount.name, adminAccount.password, {
    typed: adminAccount.typed,
    account: adminAccount.phone,
  })
  await ok(await login())
}

/** The administrator, signed in in a browser context of their own (not yet on any page). */
export const signInAdmin = async (
  browser: Browser,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<Member> => {
  const context = await browser.newContext(options.viewport ? { viewport: options.viewport } : {})
  await signInAdminWith(context.request)
  const page = await context.newPage()
  return { name: adminAccount.name, phone: adminAccount.phone, context, page }
}

/**
 * Opens the space to every sign-up again (docs/organisation.md, "Settings"), as the
 * administrator: the other specs sign people up on the same server.
 */
export const reopenSignUp = async (request: APIRequestContext): Promise<void> => {
  await signInAdminWith(request)
  await ok(
    await request.put('/api/admin/settings', {
      data: { signupMode: 'open', allowedEmailDomains: [] },
    }),
  )
}
