import { acceptedDialCodes } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import { matchesCountry } from '../components/country-select'
import {
  accountPhone,
  countryOf,
  displayPhone,
  hasPhoneDigits,
  isPhoneOf,
  phoneCountries,
  phoneFieldsOfKey,
} from './phone-input'

describe('phone cleaning on the auth screens', () => {
  it('strips [ - + ^ ( ) # * ] and spaces and prefixes the dial code', () => {
    expect(accountPhone('FR', '6 12-34(56)78')).toBe('33612345678')
    expect(accountPhone('FR', '#6*12^34 56 78')).toBe('33612345678')
  })

  it('drops a trunk 0 and keeps a 0 that belongs to the number, as the server keys accounts', () => {
    expect(accountPhone('FR', '06 12 34 56 78')).toBe('33612345678')
    expect(accountPhone('SN', '77 123 45 67')).toBe('221771234567')
    expect(accountPhone('CI', '07 07 12 34 56')).toBe('2250707123456')
    expect(accountPhone('BJ', '01 97 00 00 00')).toBe('2290197000000')
  })

  it('removes a dial code typed again in the number', () => {
    expect(accountPhone('FR', '+33 6 12 34 56 78')).toBe('33612345678')
    expect(accountPhone('FR', '0033612345678')).toBe('33612345678')
  })

  it('tells a number that cannot be a phone of the country, and sends its digits as they are', () => {
    expect(isPhoneOf('FR', '06 12 34 56 78')).toBe(true)
    expect(isPhoneOf('CI', '07 12 34 56')).toBe(false)
    expect(isPhoneOf('', '06 12 34 56 78')).toBe(false)
    expect(accountPhone('CI', '07 12 34 56')).toBe('22507123456')
  })

  it('treats a phone of stripped characters only as empty', () => {
    expect(hasPhoneDigits(' - + ( ) # * ^ ')).toBe(false)
    expect(hasPhoneDigits('612')).toBe(true)
  })

  it('offers only the countries of the 21 recognised dial codes', () => {
    const dials = new Set(phoneCountries.map((country) => country.dial_code.slice(1)))
    expect(
      [...dials].every((dial) => (acceptedDialCodes as readonly string[]).includes(dial)),
    ).toBe(true)
    expect(dials.size).toBe(acceptedDialCodes.length)
    expect(countryOf('FR')?.dial_code).toBe('+33')
    expect(countryOf('DE')).toBeUndefined()
  })

  it('shows where a code went the way the country writes its numbers, with its dial code', () => {
    expect(displayPhone('FR', '06 12 34 56 78')).toBe('+33 6 12 34 56 78')
    expect(displayPhone('FR', '0612345601')).toBe('+33 6 12 34 56 01')
    expect(displayPhone('CI', '07 07 12 34 56')).toBe('+225 07 07 12 3456')
    expect(displayPhone('SN', '771234567')).toBe('+221 77 123 45 67')
    expect(displayPhone('GB', '07400 123456')).toBe('+44 7400 123456')
  })

  it('finds countries by name, ISO code or dial code', () => {
    const france = countryOf('FR')
    if (france === undefined) throw new Error('France is an accepted country')
    expect(matchesCountry(france, 'fran')).toBe(true)
    expect(matchesCountry(france, 'fr')).toBe(true)
    expect(matchesCountry(france, '+33')).toBe(true)
    expect(matchesCountry(france, '44')).toBe(false)
  })
})

// An invitation's link carries the phone's key (docs/organisation.md, "Invitations").
describe('the phone fields of a sign-up link', () => {
  it('gives the country of the number and the number as that country writes it', () => {
    expect(phoneFieldsOfKey('33612345678')).toEqual({ country: 'FR', phone: '06 12 34 56 78' })
    expect(phoneFieldsOfKey('221771234567')).toEqual({ country: 'SN', phone: '77 123 45 67' })
    expect(phoneFieldsOfKey('2250707123456')).toEqual({ country: 'CI', phone: '07 07 12 3456' })
    expect(phoneFieldsOfKey('447400123456')).toEqual({ country: 'GB', phone: '07400 123456' })
  })

  it('gives fields that key the same account again', () => {
    for (const key of ['33612345678', '221771234567', '2250707123456', '2290197000000']) {
      const fields = phoneFieldsOfKey(key)
      if (fields === null) throw new Error(`${key} is a phone`)
      expect(accountPhone(fields.country, fields.phone)).toBe(key)
    }
  })

  it("reads the key with a '+' or spaces, as a link may be written", () => {
    expect(phoneFieldsOfKey('+33612345678')?.country).toBe('FR')
    expect(phoneFieldsOfKey(' 33 6 12 34 56 78')?.phone).toBe('06 12 34 56 78')
  })

  it('ignores a value that is no phone of an accepted country', () => {
    expect(phoneFieldsOfKey('')).toBeNull()
    expect(phoneFieldsOfKey('hello')).toBeNull()
    expect(phoneFieldsOfKey('3361234')).toBeNull()
    // Germany's dial code is not one the product recognises.
    expect(phoneFieldsOfKey('4915123456789')).toBeNull()
    expect(phoneFieldsOfKey('33612345678abc')).toBeNull()
  })
})
