import { messages } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness } from '../../../test/api-harness.js'
import { startHttpStandIn } from '../../../test/stand-ins.js'
import type { HttpStandIn } from '../../../test/stand-ins.js'

// Senders whose services refuse: Twilio answers an error, and no SMTP server listens.
let twilioApi: HttpStandIn
let twilioUp = false
const boot = useApiHarness({
  get TWILIO_API_BASE() {
    return twilioApi.url
  },
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000007',
  TWILIO_AUTH_TOKEN: 'token-7',
  TWILIO_WHATSAPP_FROM: '+14155238886',
  SMTP_URL: 'smtp://127.0.0.1:1',
})
let h: ApiHarness

beforeAll(async () => {
  twilioApi = await startHttpStandIn(() =>
    twilioUp
      ? { status: 201, body: { sid: 'SM1', status: 'queued' } }
      : { status: 503, body: { code: 20503, message: 'Service Unavailable', status: 503 } },
  )
  h = await boot()
})
afterAll(async () => {
  await h.close()
  await twilioApi.close()
})

describe('when a sender fails', () => {
  it('the WhatsApp send answers 503 with its message, and may be retried at once', async () => {
    const body = { nameValuePairs: { countryCode: '33', phoneNumber: '612345678' } }
    const failed = await h.browser().post('/api/otp/send').send(body)
    expect(failed.status).toBe(503)
    expect(failed.body).toEqual({
      error: { code: 'unavailable', message: messages.signUp.phoneOtpSendFailed },
    })
    twilioUp = true
    await h.browser().post('/api/otp/send').send(body).expect(200)
    expect(twilioApi.requests).toHaveLength(2)
  })

  it('the e-mail send answers 503 with its message', async () => {
    const failed = await h
      .browser()
      .post('/api/otpEmail/send')
      .send({ nameValuePairs: { mail: 'a@example.test' } })
    expect(failed.status).toBe(503)
    expect(failed.body.error.message).toBe(messages.signUp.emailOtpSendFailed)
  })
})
