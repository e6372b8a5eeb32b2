import type { Recipient } from '@palabre/contracts'
import type { Author, CommentView, PostView } from '../model/types'

/**
 * Builders for the tests of the wall's card: a post or comment view model (docs/wall.md, "View
 * models") with only what a test changes. An author given in part keeps the rest of Alice's.
 */
export const viewer = '33600000001'
export const other = '33600000002'

type ContentOf<View extends { data: { author: Author } }> = Partial<
  Omit<View['data'], 'author'>
> & { author?: Partial<Author> }

const alice: Author = { phone: other, name: 'Alice Martin' }

export const recipient = (
  phone: string,
  name = `Name ${phone}`,
  extra: Partial<Recipient> = {},
): Recipient => ({
  name,
  phone,
  delivred: 0,
  delivredtoWeb: 0,
  cmtnonluDestPost: 0,
  idGroupe: [],
  ...extra,
})

export const post = (
  extra: Partial<Omit<PostView, 'data'>> = {},
  { author, ...data }: ContentOf<PostView> = {},
): PostView => ({
  data: {
    author: { ...alice, ...author },
    text: 'Hello team',
    typePoste: '0',
    idPostEmet: 'post-1',
    cmtnonluEmetPost: 0,
    totalcmt: 0,
    dateLastEvent: '2024-03-05T14:07:00.000Z',
    dateCreation: '2024-03-05T14:07:00.000Z',
    recipients: [recipient(viewer, 'Viewer Name')],
    groups: [],
    ...data,
  },
  unreadComments: 0,
  delivred: 0,
  delivredtoWeb: 0,
  tagstatus: 'true',
  seq: 1,
  ...extra,
})

export const comment = (
  extra: Partial<Omit<CommentView, 'data'>> = {},
  { author, ...data }: ContentOf<CommentView> = {},
): CommentView => ({
  type: '3',
  data: {
    author: { ...alice, ...author },
    cmt: 'A comment',
    image: '',
    fileDocName: '',
    idPostEmet: 'post-1',
    idCmtEmet: 'cmt-1',
    dateCreation: '2024-03-05T14:07:00.000Z',
    recipients: [],
    ...data,
  },
  ...extra,
})
