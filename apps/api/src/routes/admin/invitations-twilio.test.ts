// Invitations through the real WhatsApp sender, met at Twilio's HTTP boundary by a local stand-in
// (docs/organisation.md, "Invitations"): the content template with the link as its variable,
// the link at PUBLIC_URL, and an invitation that stands when its message cannot go out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { startHttpStandIn, twilioMessageReply } from '../../../test/stand-ins.js'
import type { HttpStandIn, RecordedRequest } from '../../../test/stand-ins.js'

const SID = 'AC00000000000000000000000000000077'
const TEMPLATE = 'HX00000000000000000000000000000001'
/** Twilio refuses messages to this number. */
const UNREACHABLE = '33698760099'

let twilioApi: HttpStandIn
const boot = useApiHarness({
  get TWILIO_API_BASE() {
    return twilioApi.url
  },
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: 'token-77',
  TWILIO_WHATSAPP_FROM: '+14155238886',
  TWILIO_INVITE_CONTENT_SID: TEMPLATE,
  PUBLIC_URL: 'https://chat.example.org',
  ADMIN_PHONES: '+33699990100',
})
let h: ApiHarness
let boss: Member

const answer = (request: RecordedRequest) =>
  new URLSearchParams(request.body).get('To') === `whatsapp:+${UNREACHABLE}`
    ? {
        status: 400,
        body: { code: 63003, message: 'Channel could not find To address', status: 400 },
      }
    : twilioMessageReply(request)

beforeAll(async () => {
  twilioApi = await startHttpStandIn(answer)
  h = await boot()
  boss = await h.member('33699990100', 'Boss Admin')
})
afterAll(async () => {
  await h.close()
  await twilioApi.close()
})

const invite = (phones: string[]) =>
  h
    .browser()
    .post('/api/admin/invitations')
    .set('Cookie', boss.cookie)
    .send({ invitations: phones.map((phone) => ({ phone })) })

describe('an invitation through Twilio', () => {
  it('uses the content template, the link at PUBLIC_URL being its variable', async () => {
    const sent = twilioApi.nextRequest()
    const res = await invite(['+33 6 98 76 00 01']).expect(200)
    expect(res.body.results).toEqual([
      { input: '+33 6 98 76 00 01', phone: '33698760001', outcome: 'invited', messageSent: true },
    ])
    const request = await sent
    expect(request.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`)
    const form = new URLSearchParams(request.body)
    expect(form.get('To')).toBe('whatsapp:+33698760001')
    expect(form.get('From')).toBe('whatsapp:+14155238886')
    expect(form.get('ContentSid')).toBe(TEMPLATE)
    expect(JSON.parse(form.get('ContentVariables') ?? '{}')).toEqual({
      1: 'https://chat.example.org/inscription?phone=33698760001',
    })
    expect(form.get('Body')).toBeNull()
  })

  it('stands when Twilio refuses the message: the answer says it was not sent', async () => {
    const res = await invite([`+${UNREACHABLE}`, '+33698760002']).expect(200)
    expect(res.body.results).toEqual([
      { input: `+${UNREACHABLE}`, phone: UNREACHABLE, outcome: 'invited', messageSent: false },
      { input: '+33698760002', phone: '33698760002', outcome: 'invited', messageSent: true },
    ])
    expect(await h.api.ctx.domain.organisation.invitations.pending(UNREACHABLE)).toBe(true)
    expect(h.logLines.join('\n')).toContain('an invitation could not be sent')
  })
})
