import { readFile } from 'node:fs/promises'

/** The cookies a browser keeps for the product, as `name=value` by name. */
class CookieJar {
  private readonly cookies = new Map<string, string>()

  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0] ?? ''
      const at = pair.indexOf('=')
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

export interface NewPerson {
  /** The national number as typed in France (`06…`); `phone` is its canonical key (`336…`). */
  phoneNumber: string
  phone: string
  mail: string
  name: string
  password: string
}

/**
 * Signs a new person up through a running product's api as the web app does (phone and e-mail
 * verified by the codes the development sender writes to OTP_LOG_FILE), and returns their
 * session token: tests that drive the whole product start from a newcomer.
 */
export const signUpOverHttp = async (
  baseUrl: string,
  otpLogFile: string,
  person: NewPerson,
): Promise<string> => {
  const jar = new CookieJar()
  const post = async (path: string, body: unknown, expected: number) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: jar.header() },
      body: JSON.stringify(body),
    })
    jar.keep(response)
    if (response.status !== expected)
      throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  }
  const lastCode = async (channel: string, destination: string) => {
    const prefix = `OTP ${channel} ${destination} `
    const line = (await readFile(otpLogFile, 'utf8'))
      .split('\n')
      .filter((l) => l.startsWith(prefix))
      .at(-1)
    if (!line) throw new Error(`no code was sent to ${channel} ${destination}`)
    return line.slice(prefix.length)
  }
  const phonePairs = { countryCode: '+33', phoneNumber: person.phoneNumber }
  await post('/api/otp/send', { nameValuePairs: phonePairs }, 200)
  const phoneCode = await lastCode('whatsapp', person.phone)
  await post('/api/otp/verify', { nameValuePairs: { ...phonePairs, otp: phoneCode } }, 200)
  await post('/api/otpEmail/send', { nameValuePairs: { mail: person.mail } }, 200)
  const mailCode = await lastCode('email', person.mail)
  await post('/api/otpEmail/verify', { nameValuePairs: { mail: person.mail, otp: mailCode } }, 200)
  await post(
    '/api/user',
    { name: person.name, phone: person.phone, mail: person.mail, password: person.password },
    201,
  )
  const token = jar.get('palabre_session')
  if (!token) throw new Error('sign-up set no session cookie')
  return token
}
