import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { nextOtp } from './support/otp-log'
import { freshMail, freshPhone } from './support/people'

// A page of another origin (here another port of the same host, which SameSite cookies treat as
// the same site) used to log the user out and open a socket that acted as them. Neither may
// happen any more: only the product's own origin may write or open a socket (docs/security.md,
// "Cross-site requests").

let evil: Server
let evilUrl = ''

test.beforeAll(async () => {
  evil = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>evil</title>')
  })
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve))
  evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`
})
test.afterAll(() => new Promise<void>((resolve) => evil.close(() => resolve())))

test('a page of another origin can neither log the user out nor open a socket as them', async ({
  page,
  baseURL,
}) => {
  // Sign up through the api in this browser context: the session cookie lands in its jar.
  const api = page.context().request
  const phone = freshPhone()
  const mail = freshMail()
  const pairs = { countryCode: '+33', phoneNumber: phone.typed.replace(/\s/g, '') }
  expect((await api.post('/api/otp/send', { data: { nameValuePairs: pairs } })).ok()).toBe(true)
  const phoneCode = await nextOtp('whatsapp', phone.account, 0)
  await api.post('/api/otp/verify', { data: { nameValuePairs: { ...pairs, otp: phoneCode } } })
  await api.post('/api/otpEmail/send', { data: { nameValuePairs: { mail } } })
  const mailCode = await nextOtp('email', mail, 0)
  await api.post('/api/otpEmail/verify', { data: { nameValuePairs: { mail, otp: mailCode } } })
  const signUp = await api.post('/api/user', {
    data: { name: 'Awa Diallo', phone: phone.account, mail, password: 'cross-Site-1' },
  })
  expect(signUp.status()).toBe(201)
  expect((await api.get('/api/auth/me')).status()).toBe(200)

  await page.goto(evilUrl)
  const outcome = await page.evaluate(async (target) => {
    // The request leaves with the user's cookie whatever CORS then lets the page read.
    await fetch(`${target}/api/auth/logout`, { method: 'POST', credentials: 'include' }).catch(
      () => undefined,
    )
    const ws = new WebSocket(`${target.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`)
    const opened = await new Promise<boolean>((resolve) => {
      ws.onopen = () => resolve(true)
      ws.onerror = () => resolve(false)
      ws.onclose = () => resolve(false)
    })
    ws.close()
    return { opened }
  }, baseURL!)

  expect(outcome.opened).toBe(false)
  // The logout was refused: the session still works.
  expect((await api.get('/api/auth/me')).status()).toBe(200)
})
