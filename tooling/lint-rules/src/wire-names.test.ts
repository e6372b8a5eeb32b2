import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
import { wireNames } from './wire-names.js'

// RuleTester writes its cases as vitest's.
RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only

const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser } })

const options = [{ names: ['emetr_phone', 'destinataires', 'cmtnonlu', 'tagcmtstatut'] }]
const card = '/repo/apps/web/src/features/wall/post-card/post-card.tsx'
const format = '/repo/apps/web/src/features/wall/format/post-state.ts'
const viewModels = '/repo/apps/web/src/features/wall/queries/view-models.ts'
const liveEvents = '/repo/apps/web/src/features/wall/queries/live/live-events.ts'

/** One reported name, as the rule words it. */
const wire = (name: string) => ({
  message: `'${name}' is a wire name: read it in the queries layer and give components the view model's word (docs/web-structure.md)`,
})

ruleTester.run('wire-names', wireNames, {
  valid: [
    // The view model's words.
    {
      code: 'export const unread = (post: PostView) => post.unreadComments + post.data.recipients.length',
      filename: format,
      options,
    },
    {
      code: 'export const Card = ({ post }: Props) => <span title={post.data.author.phone}>{post.status}</span>',
      filename: card,
      options,
    },
    // A name that only contains a wire name, or a text that mentions one, is not one.
    {
      code: "const counts = { cmtnonluDestPost: 0 }; it('shows tagcmtstatut 4 as read', run)",
      filename: format,
      options,
    },
    { code: 'const text = `${cmtnonluCount} destinataires`', filename: card, options },
    // The queries layer reads the wire, at any depth under its folder.
    {
      code: 'export const readPost = ({ data, cmtnonlu }: PostData) => ({ unreadComments: cmtnonlu, author: data.emetr_phone })',
      filename: viewModels,
      options,
    },
    {
      code: "socket.on('commentCallback', ({ tagcmtstatut }) => mark(tagcmtstatut)); type K = 'destinataires'",
      filename: liveEvents,
      options,
    },
    // Only the configured names are wire names.
    { code: 'post.data.emetr_name', filename: card, options },
  ],
  invalid: [
    {
      code: 'export const unread = (post: PostData) => post.cmtnonlu',
      filename: format,
      options,
      errors: [wire('cmtnonlu')],
    },
    {
      code: 'const mine = post.data.emetr_phone === viewer && post.data.destinataires.length > 0',
      filename: format,
      options,
      errors: [wire('emetr_phone'), wire('destinataires')],
    },
    // A property key, a destructured key (once for a shorthand), a renamed one.
    {
      code: 'const view = { cmtnonlu: 0 }; const { tagcmtstatut } = comment; const { emetr_phone: phone } = data',
      filename: card,
      options,
      errors: [wire('cmtnonlu'), wire('tagcmtstatut'), wire('emetr_phone')],
    },
    // String literals: a computed access, a type of keys, a template without expressions.
    {
      code: "const n = post['cmtnonlu']; type Keys = 'destinataires' | 'groups'; const k = `tagcmtstatut`",
      filename: format,
      options,
      errors: [wire('cmtnonlu'), wire('destinataires'), wire('tagcmtstatut')],
    },
    // In a type, and as a JSX prop.
    {
      code: 'type Item = { cmtnonlu: number }; export const C = () => <Badge cmtnonlu={1} />',
      filename: card,
      options,
      errors: [wire('cmtnonlu'), wire('cmtnonlu')],
    },
    // A folder merely named like the layer is not the layer.
    {
      code: 'post.cmtnonlu',
      filename: '/repo/apps/web/src/features/wall/my-queries/cards.ts',
      options,
      errors: [wire('cmtnonlu')],
    },
  ],
})
