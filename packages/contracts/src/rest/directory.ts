import { z } from 'zod'
import { countSchema, decimalIndexSchema } from '../entities/common.js'
import { publicProfileSchema } from '../entities/profile.js'
import { errorBodySchema } from '../errors.js'
import { defineRoute } from '../route.js'
import { noBody, noParams } from './common.js'

/**
 * The organisation's directory (docs/organisation.md, "The directory"): the active members the
 * asking person may see, by name, 20 a page from offset `n`; `q` keeps those whose name, title,
 * team or site has it, accents and case aside.
 */

/** How many people one page of the directory holds. */
export const directoryPageSize = 20

export const directoryPersonSchema = publicProfileSchema.meta({ id: 'DirectoryPerson' })

export type DirectoryPerson = z.infer<typeof directoryPersonSchema>

export const directoryPageSchema = z
  .object({ total: countSchema, items: z.array(directoryPersonSchema) })
  .meta({ id: 'DirectoryPage' })

export type DirectoryPage = z.infer<typeof directoryPageSchema>

export const getDirectory = defineRoute({
  method: 'get',
  path: '/api/directory',
  summary:
    'The people of the space the caller may see, by name, 20 from offset n; q keeps those whose name, title, team or site has it, accents and case aside. A partner sees the administrators and the people they share a post or a folder with.',
  tag: 'users',
  auth: true,
  params: noParams,
  query: z.strictObject({
    q: z.string().trim().max(100, 'The search word is at most 100 characters.').optional(),
    n: decimalIndexSchema('n is a non-negative integer.').default(0),
  }),
  body: noBody,
  responses: { 200: directoryPageSchema, 400: errorBodySchema, 401: errorBodySchema },
})

export const directoryRoutes = { getDirectory } as const
