import { canonicalPhone, newContactSchema, stripPhone } from '@palabre/contracts'
import type { TFunction } from 'i18next'
import { z } from 'zod'
import { dialCodeFor } from '../../../lib/phone-input'

type PhoneIssue = 'phoneRequired' | 'formatIncorrect'

/**
 * The key of the new contact's phone (docs/wall.md, "Modals"), by the contracts' rule the server
 * applies too: a full number typed with its '+' names its own country, whichever is picked;
 * otherwise the number is read as typed at home in the country picked ('06 12 34 56 02' in
 * France is 33612345602). Null when it cannot be a phone, or names no country at all.
 */
export const contactKey = (country: string, typed: string): string | null => {
  const text = typed.trim()
  if (text.startsWith('+')) return canonicalPhone(text)
  const dial = dialCodeFor(country)
  return dial === '' ? null : canonicalPhone(text, dial)
}

/** What is wrong with the typed phone: nothing left once special characters are stripped, or no phone. */
export const phoneIssue = (country: string, typed: string): PhoneIssue | null => {
  if (stripPhone(typed).trim() === '') return 'phoneRequired'
  return contactKey(country, typed) === null ? 'formatIncorrect' : null
}

/**
 * The phone as it goes to the server: '+' and the key, which the server, checking the '+' on
 * the body as sent, keeps as it is.
 */
export const contactPhone = (country: string, typed: string): string =>
  `+${contactKey(country, typed) ?? stripPhone(typed)}`

/** The new-contact form, with the contract's name rules and the product's texts. */
export const contactFormSchema = (t: TFunction) =>
  z
    .object({
      name: z
        .string()
        .refine((name) => name.trim() !== '', t('wall.modals.contact.nameRequired'))
        .pipe(newContactSchema.shape.name),
      country: z.string(),
      phone: z.string(),
    })
    .superRefine(({ country, phone }, context) => {
      const issue = phoneIssue(country, phone)
      if (issue !== null)
        context.addIssue({
          code: 'custom',
          path: ['phone'],
          message: t(`wall.modals.contact.${issue}`),
        })
    })
