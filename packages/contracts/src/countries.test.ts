import { describe, expect, it } from 'vitest'
import { acceptedCountries, countries, countryByCode } from './countries.js'
import { acceptedDialCodes } from './phone.js'

describe('countries', () => {
  it('holds about 240 countries with unique ISO codes, sorted by name', () => {
    expect(countries.length).toBeGreaterThanOrEqual(230)
    expect(countries.length).toBeLessThanOrEqual(260)
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length)
    const names = countries.map((c) => c.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
    for (const country of countries) {
      expect(country.dial_code).toMatch(/^\+\d{1,4}$/)
      expect(country.code).toMatch(/^[A-Z]{2}$/)
      expect(country.name).not.toBe(country.code)
    }
  })

  it('names France with +33 and FR', () => {
    expect(countryByCode('fr')).toEqual({ name: 'France', dial_code: '+33', code: 'FR' })
    expect(countries).toContainEqual({ name: 'Senegal', dial_code: '+221', code: 'SN' })
  })

  it('accepts exactly the countries of the 21 dial codes', () => {
    const dialCodes = new Set(acceptedCountries.map((c) => c.dial_code.slice(1)))
    expect([...dialCodes].sort()).toEqual([...acceptedDialCodes].sort())
    expect(acceptedCountries.map((c) => c.code)).toContain('CI')
    expect(acceptedCountries.map((c) => c.code)).not.toContain('DE')
  })
})
