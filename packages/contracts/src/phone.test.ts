import { describe, expect, it } from 'vitest'
import {
  acceptedDialCodes,
  canonicalPhoneSchema,
  dialCodeOfPhone,
  dialCodeSchema,
  isAcceptedDialCode,
  phoneMessages,
  stripPhone,
} from './phone.js'
import { canonicalPhone, isValidPhoneKey } from './canonical-phone.js'
import { dialCodeOfCountry } from './countries.js'

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

/**
 * A typical mobile of each accepted dial code as a person types it at home (with the trunk
 * prefix where the country has one), its key, and a number that cannot be a phone there.
 */
const mobiles: { dial: string; country: string; national: string; key: string; bad: string }[] = [
  {
    dial: '213',
    country: 'DZ',
    national: '0551 23 45 67',
    key: '213551234567',
    bad: '0551 23 45 6',
  },
  { dial: '32', country: 'BE', national: '0470 12 34 56', key: '32470123456', bad: '0470 12 3' },
  // Benin's 0 is part of the number since its move to ten digits; the old eight are invalid.
  {
    dial: '229',
    country: 'BJ',
    national: '01 95 12 34 56',
    key: '2290195123456',
    bad: '95 12 34 56',
  },
  { dial: '226', country: 'BF', national: '70 12 34 56', key: '22670123456', bad: '70 12 34 5' },
  {
    dial: '237',
    country: 'CM',
    national: '6 71 23 45 67',
    key: '237671234567',
    bad: '6 71 23 45 6',
  },
  // Côte d'Ivoire: the 0 is part of the ten digits; the old eight are invalid.
  {
    dial: '225',
    country: 'CI',
    national: '07 07 12 34 56',
    key: '2250707123456',
    bad: '07 12 34 56',
  },
  { dial: '243', country: 'CD', national: '0991 234 567', key: '243991234567', bad: '0991 234 56' },
  {
    dial: '33',
    country: 'FR',
    national: '06 12 34 56 02',
    key: '33612345602',
    bad: '06 12 34 56 0',
  },
  { dial: '241', country: 'GA', national: '06 03 12 34', key: '24106031234', bad: '06 03 12 3' },
  { dial: '245', country: 'GW', national: '955 012 345', key: '245955012345', bad: '955 012 34' },
  { dial: '224', country: 'GN', national: '601 12 34 56', key: '224601123456', bad: '601 12 34 5' },
  { dial: '91', country: 'IN', national: '081234 56789', key: '918123456789', bad: '081234 5678' },
  { dial: '62', country: 'ID', national: '0812-345-678', key: '62812345678', bad: '0812-34' },
  {
    dial: '212',
    country: 'MA',
    national: '06 50 12 34 56',
    key: '212650123456',
    bad: '06 50 12 34 5',
  },
  {
    dial: '234',
    country: 'NG',
    national: '0802 123 4567',
    key: '2348021234567',
    bad: '0802 123 456',
  },
  { dial: '221', country: 'SN', national: '70 123 45 67', key: '221701234567', bad: '70 123 45 6' },
  { dial: '235', country: 'TD', national: '63 01 23 45', key: '23563012345', bad: '63 01 23 4' },
  { dial: '216', country: 'TN', national: '20 123 456', key: '21620123456', bad: '20 123 45' },
  { dial: '44', country: 'GB', national: '07400 123456', key: '447400123456', bad: '07400 12345' },
  {
    dial: '1',
    country: 'US',
    national: '(201) 555-0123',
    key: '12015550123',
    bad: '(201) 555-012',
  },
  { dial: '84', country: 'VN', national: '0912 345 678', key: '84912345678', bad: '0912 345 67' },
]

describe('canonicalPhone', () => {
  it('covers every accepted dial code once', () => {
    expect(mobiles.map((m) => m.dial).sort()).toEqual([...acceptedDialCodes].sort())
    for (const { dial, country } of mobiles) expect(dialCodeOfCountry(country), country).toBe(dial)
  })

  describe.each(mobiles)('$country (+$dial)', ({ dial, national, key, bad }) => {
    const nationalNumber = key.slice(dial.length)

    it(`keys '${national}' typed nationally as ${key}`, () => {
      expect(canonicalPhone(national, dial)).toBe(key)
      expect(canonicalPhone(national, `+${dial}`)).toBe(key)
    })

    it('keys it typed with +dial, with or without what was typed at home', () => {
      expect(canonicalPhone(`+${dial} ${nationalNumber}`, dial)).toBe(key)
      expect(canonicalPhone(`+${dial} ${national}`, dial)).toBe(key)
      // A full number needs no country, and wins over another one picked beside it.
      expect(canonicalPhone(`+${dial} ${national}`)).toBe(key)
      expect(canonicalPhone(`+${dial} ${national}`, dial === '33' ? '44' : '33')).toBe(key)
    })

    it('keys it typed with 00dial', () => {
      expect(canonicalPhone(`00${dial} ${nationalNumber}`, dial)).toBe(key)
      expect(canonicalPhone(`00${dial}${nationalNumber}`)).toBe(key)
    })

    it('takes its key back as it is', () => {
      expect(canonicalPhone(key)).toBe(key)
      expect(isValidPhoneKey(key)).toBe(true)
      expect(dialCodeOfPhone(key)).toBe(dial)
    })

    it(`refuses '${bad}', which cannot be a phone there`, () => {
      expect(canonicalPhone(bad, dial)).toBeNull()
      expect(canonicalPhone(`+${dial} ${bad}`)).toBeNull()
    })
  })

  it("drops France's trunk 0 behind +33 (the contact saved as 330612345602)", () => {
    expect(canonicalPhone('+33 06 12 34 56 02', '+33')).toBe('33612345602')
    expect(canonicalPhone('+3306 12 34 56 02')).toBe('33612345602')
    expect(canonicalPhone('330612345602')).toBe('33612345602')
    expect(isValidPhoneKey('330612345602')).toBe(false)
  })

  it("keeps the 0 of Côte d'Ivoire and Benin (sign-up used to drop it)", () => {
    expect(canonicalPhone('07 07 12 34 56', '225')).toBe('2250707123456')
    expect(canonicalPhone('225707123456')).toBeNull()
    expect(canonicalPhone('01 97 00 00 00', '229')).toBe('2290197000000')
    expect(canonicalPhone('229197000000')).toBeNull()
  })

  it('removes a dial code typed again, unless the number is only valid with it', () => {
    expect(canonicalPhone('33 6 12 34 56 02', '33')).toBe('33612345602')
    expect(canonicalPhone('221 70 123 45 67', '221')).toBe('221701234567')
    // An Indian mobile may begin with 91: valid as typed, it keeps those digits.
    expect(canonicalPhone('9123456789', '91')).toBe('919123456789')
  })

  it('refuses other characters, other countries, and a national number without a country', () => {
    for (const [typed, dial] of [
      ['06.12.34.56.02', '33'],
      ['06 12 34 56 02 ext 3', '33'],
      ['', '33'],
      [' +()- ', '33'],
      ['+49 151 12345678', '33'],
      ['0151 12345678', '49'],
      ['06 12 34 56 02', undefined],
      ['06 12 34 56 02', ''],
    ] as const)
      expect(canonicalPhone(typed, dial), `${typed} ${dial}`).toBeNull()
  })

  it('refuses a number whose key would pass 15 digits, which no path or payload could name', () => {
    // Nigeria's plan has 14-digit national numbers: with 234 in front, 17 digits.
    for (const typed of ['+234 7000000000000', '+234 8506060698439', '+2347000000000000'])
      expect(canonicalPhone(typed), typed).toBeNull()
    expect(canonicalPhone('700000000000', '234')).toBe('234700000000000')
    expect(canonicalPhone('7000000000000', '234')).toBeNull()
  })

  it("names the refusal with the product's text", () => {
    expect(phoneMessages.formatIncorrect).toBe('Format is incorrect.')
  })
})

describe('canonicalPhoneSchema', () => {
  it('takes keys as they are, without separators, + and 00', () => {
    expect(canonicalPhoneSchema.parse('+33 6 12-34-56-78')).toBe('33612345678')
    expect(canonicalPhoneSchema.parse('0033612345678')).toBe('33612345678')
    expect(canonicalPhoneSchema.parse('33612345602')).toBe('33612345602')
    // Never re-read by a number plan: a key the server answered comes back unchanged.
    expect(canonicalPhoneSchema.parse('2250707123456')).toBe('2250707123456')
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

describe('dialCodeSchema, dialCodeOfPhone and dialCodeOfCountry', () => {
  it('accepts the 21 codes with or without +, else asks to select a country', () => {
    expect(dialCodeSchema.parse('+225')).toBe('225')
    expect(dialCodeSchema.parse('1')).toBe('1')
    const result = dialCodeSchema.safeParse('+49')
    expect(result.error?.issues[0]?.message).toBe('Please select country.')
    expect(dialCodeSchema.safeParse(undefined).error?.issues[0]?.message).toBe(
      'Please select country.',
    )
  })

  it('finds the dial code a key starts with', () => {
    expect(dialCodeOfPhone('33612345678')).toBe('33')
    expect(dialCodeOfPhone('2250707070707')).toBe('225')
    expect(dialCodeOfPhone('14155550100')).toBe('1')
    expect(dialCodeOfPhone('49301234567')).toBeUndefined()
  })

  it('finds the dial code of a country of the pickers', () => {
    expect(dialCodeOfCountry('FR')).toBe('33')
    expect(dialCodeOfCountry('CA')).toBe('1')
    expect(dialCodeOfCountry('DE')).toBeUndefined()
    expect(dialCodeOfCountry('')).toBeUndefined()
  })
})
