import { acceptedDialCodes } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import { matchesCountry } from '../components/country-select'
import {
  accountPhone,
  countryOf,
  displayPhone,
  hasPhoneDigits,
  phoneCountries,
} from './phone-input'

describe('phone cleaning on the auth screens', () => {
  it('strips [ - + ^ ( ) # * ] and spaces and prefixes the dial code', () => {
    expect(accountPhone('+33', '6 12-34(56)78')).toBe('33612345678')
    expect(accountPhone('33', '#6*12^34 56 78')).toBe('33612345678')
  })

  it('drops the national leading 0, as the sign-up stores numbers', () => {
    expect(accountPhone('+33', '06 12 34 56 78')).toBe('33612345678')
    expect(accountPhone('+221', '077 123 45 67')).toBe('221771234567')
  })

  it('removes a dial code typed again in the number', () => {
    expect(accountPhone('+33', '+33 6 12 34 56 78')).toBe('33612345678')
    expect(accountPhone('+33', '0033612345678')).toBe('33612345678')
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

  it('shows where a code went', () => {
    expect(displayPhone('33', '06 12 34 56 78')).toBe('+33 612345678')
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
