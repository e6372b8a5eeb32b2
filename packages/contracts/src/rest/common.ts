import { z } from 'zod'
import { canonicalPhoneSchema } from '../phone.js'

/** Shared pieces of route declarations. */
export const noParams = z.object({})
/** Queries are strict: a parameter the call does not declare is refused, never ignored. */
export const noQuery = z.strictObject({})
export const noBody = z.undefined()
/** 204 answers carry no body. */
export const noContent = z.undefined()

/** Path parameters that are all phones, e.g. `phoneParams('userPhone', 'contactPhone')`. */
export const phoneParams = <const K extends string>(...names: K[]) =>
  z.object(
    Object.fromEntries(names.map((name) => [name, canonicalPhoneSchema])) as Record<
      K,
      typeof canonicalPhoneSchema
    >,
  )

/** `{message}` answers the original clients read. */
export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' })
