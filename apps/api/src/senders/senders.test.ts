import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captureLogger } from '../../test/capture-logger.js'
import { startHttpStandIn, startSmtpStandIn, twilioMessageReply } from '../../test/stand-ins.js'
import type { HttpStandIn, SmtpStandIn } from '../../test/stand-ins.js'
import { createApi } from '../api.js'
import { ConfigError, loadConfig } from '../config.js'
import { createOtpSenders } from './create-senders.js'
import { createLegacyRegistration } from './legacy-registration.js'
import { OTP_MAIL_SUBJECT } from './mail-sender.js'
import { inviteText } from './otp-sender.js'

const SID = 'AC0123456789abcdef0123456789abcdef'
const TOKEN = 'test-auth-token'
let smtp: SmtpStandIn
let twilioApi: HttpStandIn
let dir: string

beforeAll(async () => {
  smtp = await startSmtpStandIn()
  twilioApi = await startHttpStandIn(twilioMessageReply)
  dir = await mkdtemp(join(tmpdir(), 'palabre-senders-'))
})
afterAll(async () => {
  await smtp.close()
  await twilioApi.close()
  await rm(dir, { recursive: true, force: true })
})

describe('the e-mail sender', () => {
  it('delivers the code through SMTP', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Palabre <codes@palabre.test>',
    })
    const { email } = createOtpSenders(config, captureLogger().logger)
    await email.send('alice@example.test', '482913')
    const mail = smtp.mails.at(-1)
    expect(mail?.to).toEqual(['alice@example.test'])
    expect(mail?.from).toBe('codes@palabre.test')
    expect(mail?.raw).toContain(`Subject: ${OTP_MAIL_SUBJECT}`)
    expect(mail?.raw).toContain('482913')
  })
})

describe('the WhatsApp sender', () => {
  it('calls Twilio Messages with the account, the numbers, the code and basic auth', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_WHATSAPP_FROM: '+14155238886',
      TWILIO_API_BASE: twilioApi.url,
    })
    const { whatsapp } = createOtpSenders(config, captureLogger().logger)
    const arrived = twilioApi.nextRequest()
    await whatsapp.send('33612345678', '907164')
    const request = await arrived
    expect(request.method).toBe('POST')
    expect(request.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`)
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
    )
    const form = new URLSearchParams(request.body)
    expect(form.get('To')).toBe('whatsapp:+33612345678')
    expect(form.get('From')).toBe('whatsapp:+14155238886')
    expect(form.get('Body')).toContain('907164')
  })

  it('sends an invitation as a plain message with the link when no content template is set', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_WHATSAPP_FROM: '+14155238886',
      TWILIO_API_BASE: twilioApi.url,
    })
    const { whatsapp } = createOtpSenders(config, captureLogger().logger)
    const arrived = twilioApi.nextRequest()
    await whatsapp.invite('33612345678', 'https://chat.example.org/inscription?phone=33612345678')
    const form = new URLSearchParams((await arrived).body)
    expect(form.get('To')).toBe('whatsapp:+33612345678')
    expect(form.get('Body')).toBe(
      inviteText('https://chat.example.org/inscription?phone=33612345678'),
    )
    expect(form.get('Body')).toContain('https://chat.example.org/inscription?phone=33612345678')
    expect(form.get('ContentSid')).toBeNull()
  })

  it('fails when Twilio refuses the message', async () => {
    const refusing = await startHttpStandIn(() => ({
      status: 400,
      body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
    }))
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: TOKEN,
        TWILIO_WHATSAPP_FROM: 'whatsapp:+14155238886',
        TWILIO_API_BASE: refusing.url,
      })
      const { whatsapp } = createOtpSenders(config, captureLogger().logger)
      await expect(whatsapp.send('33612345678', '111111')).rejects.toThrow(
        /not a valid phone number/,
      )
    } finally {
      await refusing.close()
    }
  })
})

describe('the development sender', () => {
  it('logs the code on the api output and appends it to OTP_LOG_FILE', async () => {
    const file = join(dir, 'otp.log')
    const config = loadConfig({ NODE_ENV: 'development', OTP_LOG_FILE: file })
    const { logger, lines } = captureLogger()
    const senders = createOtpSenders(config, logger)
    await senders.whatsapp.send('33612345678', '123456')
    await senders.email.send('alice@example.test', '654321')
    expect(lines.join('\n')).toContain('OTP whatsapp 33612345678 123456')
    expect(lines.join('\n')).toContain('OTP email alice@example.test 654321')
    expect(await readFile(file, 'utf8')).toBe(
      'OTP whatsapp 33612345678 123456\nOTP email alice@example.test 654321\n',
    )
  })

  it('logs an invitation as `INVITE whatsapp <phone> <url>`, in the log and OTP_LOG_FILE', async () => {
    const file = join(dir, 'invite.log')
    const config = loadConfig({ NODE_ENV: 'development', OTP_LOG_FILE: file })
    const { logger, lines } = captureLogger()
    const senders = createOtpSenders(config, logger)
    await senders.whatsapp.invite(
      '33612345678',
      'http://127.0.0.1:8080/inscription?phone=33612345678',
    )
    const line = 'INVITE whatsapp 33612345678 http://127.0.0.1:8080/inscription?phone=33612345678'
    expect(lines.join('\n')).toContain(line)
    expect(await readFile(file, 'utf8')).toBe(`${line}\n`)
  })

  it('is refused in production: start-up fails with a configuration error', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      MONGO_URL: 'mongodb://127.0.0.1:1/palabre',
      SESSION_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://chat.example.org',
    })
    expect(() => createOtpSenders(config, captureLogger().logger)).toThrow(ConfigError)
    // The api refuses to start, before it even reaches for its database.
    await expect(createApi(config, { logger: captureLogger().logger })).rejects.toThrow(ConfigError)
    expect(() => createOtpSenders(config, captureLogger().logger)).toThrow(
      /TWILIO_ACCOUNT_SID.*\n.*SMTP_URL/,
    )
  })
})

describe('the legacy registration webhook', () => {
  it('is posted the form fields indicatif and numberphone', async () => {
    const legacy = await startHttpStandIn(() => ({ status: 200, body: 'ok' }))
    try {
      const arrived = legacy.nextRequest()
      createLegacyRegistration(`${legacy.url}/register.php`, captureLogger().logger).notify(
        '33',
        '612345678',
      )
      const request = await arrived
      expect(request.method).toBe('POST')
      expect(request.path).toBe('/register.php')
      expect(request.headers['content-type']).toContain('application/x-www-form-urlencoded')
      expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
        indicatif: '33',
        numberphone: '612345678',
      })
    } finally {
      await legacy.close()
    }
  })

  it('only logs when the webhook cannot be reached', async () => {
    const { logger, lines } = captureLogger()
    createLegacyRegistration('http://127.0.0.1:1/register', logger).notify('33', '612345678')
    await expect
      .poll(() => lines.join('\n'), { timeout: 300_000 })
      .toContain('legacy registration failed')
  })
})
