import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { nextOtp } from './otp-log'
import { freshMail, freshPhone } from './people'

/** A signed-up person with their own browser context (cookies, storage, network). */
export interface Member {
  name: string
  phone: string
  context: BrowserContext
  page: Page
}

const ok = async (response: {
  ok: () => boolean
  status: () => number
  text: () => Promise<string>
}) => {
  if (!response.ok()) throw new Error(`${response.status()} ${await response.text()}`)
}

/**
 * Signs a person up through the real REST calls (both codes read from the development sender's
 * log), in a fresh browser context that ends signed in, and opens the wall in it.
 */
export const signUpMember = async (
  browser: Browser,
  name: string,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<Member> => {
  const context = await browser.newContext(options.viewport ? { viewport: options.viewport } : {})
  const phone = freshPhone()
  const mail = freshMail()
  const api = context.request
  const pairs = { countryCode: '+33', phoneNumber: phone.typed }
  await ok(await api.post('/api/otp/send', { data: { nameValuePairs: pairs } }))
  const phoneCode = await nextOtp('whatsapp', phone.account, 0)
  await ok(
    await api.post('/api/otp/verify', { data: { nameValuePairs: { ...pairs, otp: phoneCode } } }),
  )
  await ok(await api.post('/api/otpEmail/send', { data: { nameValuePairs: { mail } } }))
  const mailCode = await nextOtp('email', mail, 0)
  await ok(
    await api.post('/api/otpEmail/verify', { data: { nameValuePairs: { mail, otp: mailCode } } }),
  )
  await ok(
    await api.post('/api/user', {
      data: { name, phone: phone.account, mail, password: 'Wall-secret-1' },
    }),
  )
  const page = await context.newPage()
  await page.goto('/wall')
  await expect(page.getByTestId('wall-user-name')).toHaveText(name)
  return { name, phone: phone.account, context, page }
}

/** `owner` saves `other` as a contact, through the api (the modal has its own test). */
export const saveContact = async (owner: Member, other: Member): Promise<void> => {
  const answer = await owner.context.request.post('/api/contact', {
    data: { name: other.name, phone: `+${other.phone}` },
  })
  await ok(answer)
}

export const postCard = (page: Page, text: string) =>
  page.getByTestId('post-card').filter({ hasText: text })
