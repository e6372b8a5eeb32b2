import { describe, expect, it } from 'vitest'
import {
  acceptedDialCodes,
  canonicalPhoneSchema,
  dialCodeOf,
  dialCodeSchema,
  isAcceptedDialCode,
  stripPhone,
} from './phone.js'
import { canonicalPhone } from './canonical-phone.js'

describe('acceptedDialCodes', () => {
  it('holds the 21 recognised dial codes, in their documented order', () => {
    expect(acceptedDialCodes).toEqual([
      '213',
      '32',
      '229',
      '226',
      '237',
      '225',
      '243',
      '33',
      '241',
      '245',
      '224',
      '91',
      '62',
      '212',
      '234',
      '221',
      '235',
      '216',
      '44',
      '1',
      '84',
    ])
    expect(isAcceptedDialCode('+33')).toBe(true)
    expect(isAcceptedDialCode('49')).toBe(false)
  })
})

describe('stripPhone', () => {
  it('removes [ - + ^ ( ) # * ] and spaces only', () => {
    expect(stripPhone('+33 (6) 12-34^56#78*')).toBe('33612345678')
    expect(stripPhone('\t06 12\n34')).toBe('061234')
    expect(stripPhone('06.12')).toBe('06.12')
  })
})

describe('canonicalPhone', () => {
  it('prefixes the dial code to the national number', () => {
    expect(canonicalPhone('+33', '6 12 34 56 78')).toBe('33612345678')
    expect(canonicalPhone('33', '612345678')).toBe('33612345678')
  })

  it('drops the leading 0 only when asked (sign-up)', () => {
    expect(canonicalPhone('+33', '06 12 34 56 78', { dropLeadingZero: true })).toBe('33612345678')
    expect(canonicalPhone('+33', '06 12 34 56 78')).toBe('330612345678')
  })

  it('removes a dial code typed again in the number', () => {
    expect(canonicalPhone('+33', '+33 6 12 34 56 78')).toBe('33612345678')
    expect(canonicalPhone('+33', '0033612345678')).toBe('33612345678')
    expect(canonicalPhone('+33', '33612345678')).toBe('33612345678')
    expect(canonicalPhone('221', '221 77 123 45 67')).toBe('221771234567')
  })

  it('keeps national numbers that merely begin with the dial code digits', () => {
    // An Indian mobile starting with 91 is valid as typed; '+91 12345678' would not be.
    expect(canonicalPhone('91', '9123456789')).toBe('919123456789')
  })
})

describe('canonicalPhoneSchema', () => {
  it('canonicalizes separators, + and 00', () => {
    expect(canonicalPhoneSchema.parse('+33 6 12-34-56-78')).toBe('33612345678')
    expect(canonicalPhoneSchema.parse('0033612345678')).toBe('33612345678')
    expect(canonicalPhoneSchema.parse('33612345678')).toBe('33612345678')
  })

  it('refuses letters, too short and too long numbers with a readable message', () => {
    for (const bad of ['33abc45678', '12345', '1234567890123456', '', '06.12.34.56.78']) {
      const result = canonicalPhoneSchema.safeParse(bad)
      expect(result.success, bad).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(
        'A phone number is 6 to 15 digits, with its country dial code.',
      )
    }
    expect(canonicalPhoneSchema.safeParse(33612345678).success).toBe(false)
  })
})

describe('dialCodeSchema and dialCodeOf', () => {
  it('accepts the 21 codes with or without +, else asks to select a country', () => {
    expect(dialCodeSchema.parse('+225')).toBe('225')
    expect(dialCodeSchema.parse('1')).toBe('1')
    const result = dialCodeSchema.safeParse('+49')
    expect(result.error?.issues[0]?.message).toBe('Please select country.')
    expect(dialCodeSchema.safeParse(undefined).error?.issues[0]?.message).toBe(
      'Please select country.',
    )
  })

  it('finds the dial code a canonical phone starts with, longest first', () => {
    expect(dialCodeOf('33612345678')).toBe('33')
    expect(dialCodeOf('2250707070707')).toBe('225')
    expect(dialCodeOf('14155550100')).toBe('1')
    expect(dialCodeOf('49301234567')).toBeUndefined()
  })
})
