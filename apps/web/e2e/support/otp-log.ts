import { readFile } from 'node:fs/promises'
import { expect } from '@playwright/test'
import { e2eEnv } from './env'

const otpLogFile = (): string => {
  const file = e2eEnv.otpLogFile
  if (!file)
    throw new Error('OTP_LOG_FILE is not set: run the browser tests through playwright.config.ts')
  return file
}

const sameDestination = (channel: 'whatsapp' | 'email', logged: string, wanted: string) =>
  channel === 'email'
    ? logged.toLowerCase() === wanted.toLowerCase()
    : logged.replace(/\D/g, '') === wanted.replace(/\D/g, '')

const readCodes = async (channel: 'whatsapp' | 'email', destination: string): Promise<string[]> => {
  const text = await readFile(otpLogFile(), 'utf8').catch(() => '')
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(
      ([tag, ch, dest, code]) =>
        tag === 'OTP' && ch === channel && dest !== undefined && code !== undefined,
    )
    .filter(([, , dest]) => sameDestination(channel, dest ?? '', destination))
    .map(([, , , code]) => code ?? '')
}

/**
 * The code sent after `previousCount` codes to this destination: waits until the api has
 * written it, so a test never reads a stale code.
 */
export const nextOtp = async (
  channel: 'whatsapp' | 'email',
  destination: string,
  previousCount: number,
): Promise<string> => {
  let codes: string[] = []
  await expect
    .poll(async () => (codes = await readCodes(channel, destination)).length, { timeout: 15_000 })
    .toBeGreaterThan(previousCount)
  const code = codes.at(-1)
  if (code === undefined) throw new Error(`no OTP for ${destination}`)
  return code
}

export const otpCount = async (
  channel: 'whatsapp' | 'email',
  destination: string,
): Promise<number> => (await readCodes(channel, destination)).length

/** A code that is certainly not `code`. */
export const wrongCode = (code: string): string => (code === '000000' ? '111111' : '000000')

/** The sign-up links sent to `phone` so far: the `INVITE whatsapp <phone> <url>` lines. */
const readInvites = async (phone: string): Promise<string[]> => {
  const text = await readFile(otpLogFile(), 'utf8').catch(() => '')
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(
      ([tag, channel, destination, url]) =>
        tag === 'INVITE' &&
        channel === 'whatsapp' &&
        destination !== undefined &&
        url !== undefined,
    )
    .filter(([, , destination]) => sameDestination('whatsapp', destination ?? '', phone))
    .map(([, , , url]) => url ?? '')
}

/**
 * The sign-up link of the invitation sent after `previousCount` others to this phone
 * (docs/organisation.md, "Invitations"): waits until the api has written it.
 */
export const nextInvite = async (phone: string, previousCount: number): Promise<string> => {
  let urls: string[] = []
  await expect
    .poll(async () => (urls = await readInvites(phone)).length, { timeout: 15_000 })
    .toBeGreaterThan(previousCount)
  const url = urls.at(-1)
  if (url === undefined) throw new Error(`no invitation for ${phone}`)
  return url
}

export const inviteCount = async (phone: string): Promise<number> =>
  (await readInvites(phone)).length
