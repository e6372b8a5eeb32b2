import type { Comment, Recipient } from '@palabre/contracts'
import type { CommentView, PostView } from '../model/types'

/** Builders for the tests of the wall's card: a post or comment with only what a test changes. */
export const viewer = '33600000001'
export const other = '33600000002'

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
  data: Partial<PostView['data']> = {},
): PostView => ({
  data: {
    emetr_name: 'Alice Martin',
    emetr_phone: other,
    text: 'Hello team',
    typePoste: '0',
    idPostEmet: 'post-1',
    cmtnonluEmetPost: 0,
    totalcmt: 0,
    dateLastEvent: '2024-03-05T14:07:00.000Z',
    dateCreation: '2024-03-05T14:07:00.000Z',
    destinataires: [recipient(viewer, 'Viewer Name')],
    groups: [],
    ...data,
  },
  cmtnonlu: 0,
  delivred: 0,
  delivredtoWeb: 0,
  tagstatus: 'true',
  seq: 1,
  ...extra,
})

export const comment = (
  extra: Partial<Omit<CommentView, 'data'>> = {},
  data: Partial<Comment['data']> = {},
): CommentView => ({
  type: '3',
  data: {
    emetr_name: 'Alice Martin',
    emetr_phone: other,
    cmt: 'A comment',
    image: '',
    fileDocName: '',
    idPostEmet: 'post-1',
    idCmtEmet: 'cmt-1',
    dateCreation: '2024-03-05T14:07:00.000Z',
    destinataires: [],
    ...data,
  },
  ...extra,
})
