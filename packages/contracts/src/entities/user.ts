import { z } from 'zod'
import { messages } from '../messages.js'
import { canonicalPhoneSchema, numberPlan } from '../phone.js'
import { contactSchema } from './contact.js'
import { nameSchema } from './common.js'

/** What an e-mail address looks like: zod's own rule, checked and documented as one. */
const mailPattern = z.regexes.email

export const mailSchema = z
  .string({ error: messages.signUp.emailRequired })
  .trim()
  .min(1, messages.signUp.emailRequired)
  .max(254, 'An e-mail address is at most 254 characters.')
  .pipe(z.email({ pattern: mailPattern, error: 'Please enter a valid e-mail address.' }))
  // The document shows what is sent, before the pipe: the address's shape is said here.
  .meta({ format: 'email', pattern: mailPattern.source })

/**
 * A new password. bcrypt reads only the first 72 bytes, so longer ones are refused rather than
 * silently cut.
 */
export const passwordSchema = z
  .string({ error: messages.signUp.passwordRequired })
  .min(1, messages.signUp.passwordRequired)
  .refine((value) => new TextEncoder().encode(value).length <= 72, {
    message: 'A password is at most 72 bytes.',
  })

/** The public profile. There is deliberately no password field, in any answer. */
export const userProfileSchema = z
  .object({
    nomPrenom: z.string(),
    phone: canonicalPhoneSchema,
    mail: z.string(),
    /** The country dial code, digits ('33'). */
    indicatif: z.string().optional(),
    /**
     * The phone as people read it, '+33 6 12 00 00 02', written by the server, so a screen that
     * carries no phone metadata (the wall) shows it so too (docs/phones.md, "Showing a phone").
     */
    phoneDisplay: z.string().optional(),
    /**
     * The person's own photo's file name, when they have one (docs/organisation.md, "Photos"):
     * every call answering this profile answers the caller's own.
     */
    photo: z.string().optional(),
  })
  .meta({ id: 'UserProfile' })

export type UserProfile = z.infer<typeof userProfileSchema>

/** A member's role in the organisation (docs/organisation.md, "Roles"). */
export const roleSchema = z.enum(['member', 'admin'], { error: "A role is 'member' or 'admin'." })

export type Role = z.infer<typeof roleSchema>

/** The signed-in person's own profile (`GET /api/auth/me`), with their role. */
export const meSchema = userProfileSchema.extend({ role: roleSchema }).meta({ id: 'Me' })

export type Me = z.infer<typeof meSchema>

export const userWithRepertoireSchema = userProfileSchema
  .extend({ repertoire: z.array(contactSchema) })
  .meta({ id: 'UserWithRepertoire' })

export type UserWithRepertoire = z.infer<typeof userWithRepertoireSchema>

/** Sign-up payload: full name (first name then last name), phone, mail, password. */
export const signUpSchema = z
  .object({
    name: nameSchema.min(1, messages.signUp.firstNameRequired),
    // Read as a full number by the number plans (docs/phones.md, "Where it applies").
    phone: canonicalPhoneSchema.meta(numberPlan('digits')),
    mail: mailSchema,
    password: passwordSchema,
    /** The dial code; derived from the phone when absent. */
    indicatif: z.string().optional(),
  })
  .meta({ id: 'SignUp' })

export type SignUp = z.infer<typeof signUpSchema>
