import { newContactSchema, stripPhone } from '@palabre/contracts'
import type { TFunction } from 'i18next'
import { z } from 'zod'

type PhoneIssue = 'phoneRequired' | 'formatIncorrect'

/**
 * What is wrong with a typed phone (docs/wall.md, "Modals"), in the server's order: nothing
 * left once special characters are stripped, no leading '+', or digits the contract refuses.
 */
export const phoneIssue = (typed: string): PhoneIssue | null => {
  if (stripPhone(typed) === '') return 'phoneRequired'
  if (!typed.trim().startsWith('+')) return 'formatIncorrect'
  return newContactSchema.shape.phone.safeParse(typed).success ? null : 'formatIncorrect'
}

/**
 * The phone as it goes to the server: the contract's canonical digits behind the '+', since
 * the server checks the '+' on the body as sent and strips it itself ('+33 6 12-34-56-78'
 * becomes '+33612345678', stored as '33612345678').
 */
export const contactPhone = (typed: string): string =>
  `+${newContactSchema.shape.phone.parse(typed)}`

/** The new-contact form, with the contract's name rules and the product's texts. */
export const contactFormSchema = (t: TFunction) =>
  z.object({
    name: z
      .string()
      .refine((name) => name.trim() !== '', t('wall.modals.contact.nameRequired'))
      .pipe(newContactSchema.shape.name),
    country: z.string(),
    phone: z.string().superRefine((typed, context) => {
      const issue = phoneIssue(typed)
      if (issue !== null)
        context.addIssue({ code: 'custom', message: t(`wall.modals.contact.${issue}`) })
    }),
  })
