import { messages } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { issuesByField } from '../../lib/form-issues'
import { newPasswordSchema } from './new-password-schema'
import { emailStepSchema } from './email-step-schema'
import { profileStepSchema } from './profile-step-schema'
import { phoneStepSchema } from './phone-step-schema'

/** What the form shows: the first message of each field (react-hook-form's firstError mode). */
const messagesOf = (result: { success: boolean; error?: z.ZodError }) =>
  result.success || result.error === undefined ? [] : Object.values(issuesByField(result.error))

describe('reset and sign-up forms (their field messages, verbatim)', () => {
  it('phone step: country and number', () => {
    expect(messagesOf(phoneStepSchema.safeParse({ country: '', phone: '' }))).toEqual([
      'Please select country.',
      'Please fill number phone field.',
    ])
    expect(phoneStepSchema.safeParse({ country: 'FR', phone: '06 12 34 56 78' }).success).toBe(true)
    expect(phoneStepSchema.safeParse({ country: 'CI', phone: '07 07 12 34 56' }).success).toBe(true)
  })

  it("phone step: a number that cannot be a phone of the country is 'Format is incorrect.'", () => {
    for (const [country, phone] of [
      ['CI', '07 12 34 56'],
      ['FR', '06 12 34 56 0'],
      ['FR', '06.12.34.56.78'],
    ])
      expect(messagesOf(phoneStepSchema.safeParse({ country, phone })), phone).toEqual([
        'Format is incorrect.',
      ])
    // No country: only that is said.
    expect(messagesOf(phoneStepSchema.safeParse({ country: '', phone: '07 12 34 56' }))).toEqual([
      'Please select country.',
    ])
  })

  it('reset step 3: password, comfirm, mismatch', () => {
    expect(messagesOf(newPasswordSchema.safeParse({ password: '', confirm: '' }))).toEqual([
      'Please fill password field.',
      'Please fill comfirm password field.',
    ])
    expect(messagesOf(newPasswordSchema.safeParse({ password: 'a1', confirm: 'b2' }))).toEqual([
      'Passwords do not match.',
    ])
    expect(newPasswordSchema.safeParse({ password: 'same', confirm: 'same' }).success).toBe(true)
  })

  it('sign-up e-mail step', () => {
    expect(messagesOf(emailStepSchema.safeParse({ mail: '' }))).toContain(
      'Please fill email field.',
    )
    expect(emailStepSchema.safeParse({ mail: 'ana@example.org' }).success).toBe(true)
  })

  it('sign-up step 5: names, password, and the confirmation only once a password is typed', () => {
    expect(
      messagesOf(
        profileStepSchema.safeParse({ firstName: '', lastName: ' ', password: '', confirm: '' }),
      ),
    ).toEqual([
      'Please fill first name field.',
      'Please fill last name field.',
      'Please fill password field.',
    ])
    expect(
      messagesOf(
        profileStepSchema.safeParse({ firstName: 'A', lastName: 'B', password: 'x', confirm: '' }),
      ),
    ).toEqual([messages.signUp.confirmRequired])
    expect(
      messagesOf(
        profileStepSchema.safeParse({ firstName: 'A', lastName: 'B', password: 'x', confirm: 'y' }),
      ),
    ).toEqual(['Passwords do not match.'])
  })
})
