import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { io, type Socket } from 'socket.io-client'
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
  // The phone layout (430 px wide or less) shows no name: its post list says the wall is up.
  if (options.viewport && options.viewport.width <= 430)
    await expect(page.getByRole('region', { name: 'Posts' })).toBeVisible()
  else await expect(page.getByTestId('wall-user-name')).toHaveText(name)
  await expectOnline(page)
  return { name, phone: phone.account, context, page }
}

/** The page's socket is connected (in its user's room): from now on no live event is missed. */
export const expectOnline = (page: Page) =>
  expect(page.locator('.wall')).toHaveAttribute('data-connection', 'online')

/** `owner` saves `other` as a contact, through the api (the modal has its own test). */
export const saveContact = async (owner: Member, other: Member): Promise<void> => {
  const answer = await owner.context.request.post('/api/contact', {
    data: { name: other.name, phone: `+${other.phone}` },
  })
  await ok(answer)
}

export const postCard = (page: Page, text: string) =>
  page.getByTestId('post-card').filter({ hasText: text })

let tagCounter = 0

/** A short token no other test run uses, to name folders and posts. */
export const uniqueTag = (): string =>
  `${Date.now().toString(36)}${(++tagCounter).toString(36)}${Math.floor(Math.random() * 1296)
    .toString(36)
    .padStart(2, '0')}`

/** The member's cookies as one `Cookie` header, for a socket opened from the test process. */
const cookieHeader = async (member: Member, origin: string): Promise<string> =>
  (await member.context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; ')

/**
 * Opens a socket.io connection as `member` from the test process (the session cookie names
 * them, the page's origin passes the origin check), runs `work` with it and closes it.
 */
export const withMemberSocket = async <T>(
  member: Member,
  work: (socket: Socket) => Promise<T>,
): Promise<T> => {
  const origin = new URL(member.page.url()).origin
  const socket = io(origin, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    query: { userPhone: member.phone, userName: member.name, web: '1' },
    extraHeaders: { cookie: await cookieHeader(member, origin), origin },
  })
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', (error) => reject(error))
    })
    return await work(socket)
  } finally {
    socket.close()
  }
}

let idCounter = 0
/** A client id for a post or comment the test emits, unique in the run. */
export const clientId = (): string =>
  `e2e${Date.now().toString(36)}${(++idCounter).toString(36)}${Math.random().toString(36).slice(2, 10)}`

/** Emits an acknowledged event and fails unless the server answers 1 (stored). */
const emitStored = async (socket: Socket, event: string, payload: object): Promise<void> => {
  const ack: unknown = await socket.timeout(10_000).emitWithAck(event, payload)
  if (ack !== 1) throw new Error(`${event} refused: ${JSON.stringify(ack)}`)
}

/**
 * `sender` posts each text, oldest first, to `recipients` (who must be among the sender's
 * contacts) over the socket, awaiting each acknowledgement: seeding without the send modal.
 */
export const emitPosts = async (
  sender: Member,
  recipients: readonly Member[],
  texts: readonly string[],
): Promise<void> =>
  withMemberSocket(sender, async (socket) => {
    for (const text of texts) {
      const now = new Date().toISOString()
      await emitStored(socket, 'message', {
        idPostEmet: clientId(),
        emetr_phone: sender.phone,
        emetr_name: sender.name,
        text,
        destinataires: recipients.map((r) => ({ phone: r.phone, name: r.name })),
        groups: [],
        typePoste: '0',
        dateCreation: now,
        dateLastEvent: now,
      })
    }
  })

/** `author` comments `text` on a post over the socket, awaiting its acknowledgement. */
export const emitComment = async (
  author: Member,
  idPostEmet: string,
  text: string,
): Promise<void> =>
  withMemberSocket(author, (socket) =>
    emitStored(socket, 'comment', {
      idPostEmet,
      idCmtEmet: clientId(),
      emetr_phone: author.phone,
      emetr_name: author.name,
      cmt: text,
      dateCreation: new Date().toISOString(),
      typecommente: '3',
    }),
  )

let phoneCounter = 0

/** A French mobile number no other person of the run has, in international form. */
export const unusedPhone = (): string => {
  phoneCounter += 1
  return `+336${String((Date.now() * 7 + phoneCounter * 7919) % 100_000_000).padStart(8, '0')}`
}

/** `owner` creates a shared folder with `members` (their contacts) over the socket. */
export const emitFolder = async (
  owner: Member,
  name: string,
  members: readonly Member[],
): Promise<void> =>
  withMemberSocket(owner, async (socket) => {
    await emitStored(socket, 'saveGroup', {
      nomCreateurGrp: owner.name,
      nomGroup: name,
      idGroup: clientId(),
      participants: members.map((m) => ({ name: m.name, phone: m.phone })),
      nbrParticipants: members.length + 1,
      datecreation: new Date().toISOString(),
      noName: '0',
    })
  })

export interface PickedFile {
  name: string
  mimeType: string
  buffer: Buffer
}

/**
 * `from` sends `text` to `to` from the New Message modal, with `files` attached: each uploaded
 * before Send (docs/wall.md, "Attachments").
 */
export const sendPostWithFiles = async (
  from: Member,
  to: Member,
  text: string,
  files: readonly PickedFile[],
): Promise<void> => {
  const page = from.page
  await page.getByRole('button', { name: 'New Message' }).click()
  const modal = page.getByRole('dialog', { name: 'New Message' })
  await modal.getByRole('checkbox', { name: new RegExp(to.name) }).check()
  await modal.getByRole('textbox', { name: /message/i }).fill(text)
  await modal.getByTestId('attach-input').setInputFiles([...files])
  const rows = modal.getByTestId('picked-file')
  await expect(rows).toHaveCount(files.length)
  for (const row of await rows.all()) await expect(row).toHaveAttribute('data-state', 'done')
  await modal.getByRole('button', { name: 'Send' }).click()
  await expect(modal).toBeHidden()
}

/** Sends a post to one contact through the New Message modal; resolves once the modal closed. */
export const sendPost = async (page: Page, to: string, text: string): Promise<void> => {
  await page.getByRole('button', { name: 'New Message' }).click()
  const modal = page.getByRole('dialog', { name: 'New Message' })
  await modal.getByRole('checkbox', { name: new RegExp(to) }).check()
  await modal.getByRole('textbox', { name: /message/i }).fill(text)
  await modal.getByRole('button', { name: 'Send' }).click()
  await expect(modal).toBeHidden()
}

/**
 * Two people signed up in browsers of their own, the first with the second as a contact, its
 * wall showing that contact and online.
 */
export const senderAndContact = async (
  browser: Browser,
  senderName: string,
  contactName: string,
): Promise<[Member, Member]> => {
  const sender = await signUpMember(browser, senderName)
  const contact = await signUpMember(browser, contactName)
  await saveContact(sender, contact)
  await sender.page.reload()
  await expect(sender.page.getByTestId('contact-item')).toHaveCount(1)
  await expectOnline(sender.page)
  return [sender, contact]
}
