import { pollFileName, type PollInput } from '@palabre/contracts'
import type { Socket } from 'socket.io-client'
import { withMemberSocket, type Member } from './members'

/**
 * Seeding through the real calls, without the screens that have their own tests: uploads and
 * quizzes over REST, folders, posts and comments over the member's socket.
 */

let counter = 0
const clientId = (): string =>
  `seed${Date.now().toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 10)}`

/** Emits an acknowledged event and fails unless the server answers 1 (stored). */
const emitStored = async (socket: Socket, event: string, payload: object): Promise<void> => {
  const ack: unknown = await socket.timeout(10_000).emitWithAck(event, payload)
  if (ack !== 1) throw new Error(`${event} refused: ${JSON.stringify(ack)}`)
}

const refused = async (answer: { status: () => number; text: () => Promise<string> }) =>
  new Error(`${answer.status()} ${await answer.text()}`)

/** A folder of `owner` with `members` (their contacts); answers its id. */
export const seedFolder = async (
  owner: Member,
  name: string,
  members: readonly Pick<Member, 'name' | 'phone'>[],
): Promise<string> => {
  const idGroup = clientId()
  await withMemberSocket(owner, (socket) =>
    emitStored(socket, 'saveGroup', {
      nomCreateurGrp: owner.name,
      nomGroup: name,
      idGroup,
      participants: members.map((m) => ({ name: m.name, phone: m.phone })),
      nbrParticipants: members.length + 1,
      datecreation: new Date().toISOString(),
      noName: '0',
    }),
  )
  return idGroup
}

/** What a seeded comment carries: a text, an image or a document (a quiz's attachment name). */
export interface SeedComment {
  cmt?: string
  image?: string
  fileDocName?: string
}

/**
 * `sender` posts `text` to people and folders, then each comment in order, awaiting each
 * acknowledgement; answers the post's id.
 */
export const seedPost = async (
  sender: Member,
  to: { people?: readonly Member[]; folders?: readonly { idGroup: string; name: string }[] },
  text: string,
  comments: readonly SeedComment[] = [],
): Promise<string> => {
  const idPostEmet = clientId()
  await withMemberSocket(sender, async (socket) => {
    const now = new Date().toISOString()
    await emitStored(socket, 'message', {
      idPostEmet,
      emetr_phone: sender.phone,
      emetr_name: sender.name,
      text,
      destinataires: (to.people ?? []).map((r) => ({ phone: r.phone, name: r.name })),
      groups: to.folders ?? [],
      typePoste: '0',
      dateCreation: now,
      dateLastEvent: now,
    })
    for (const comment of comments) {
      const attachment = (comment.image ?? comment.fileDocName ?? '') !== ''
      await emitStored(socket, 'comment', {
        idPostEmet,
        idCmtEmet: clientId(),
        emetr_phone: sender.phone,
        emetr_name: sender.name,
        cmt: comment.cmt ?? '',
        image: comment.image ?? '',
        fileDocName: comment.fileDocName ?? '',
        dateCreation: new Date().toISOString(),
        typecommente: attachment ? '1' : '3',
      })
    }
  })
  return idPostEmet
}

export interface SeedFile {
  name: string
  mimeType: string
  buffer: Buffer
}

/** `member` uploads a file to the call its kind goes to (docs/files.md); answers its stored name. */
export const seedUpload = async (
  member: Member,
  kind: 'image' | 'media' | 'file' | 'audio',
  file: SeedFile,
): Promise<string> => {
  const answer = await member.context.request.post(`/api/upload/${kind}`, {
    multipart: { fileToUpload: file },
  })
  if (!answer.ok()) throw await refused(answer)
  if (kind === 'audio') return (await answer.text()).split('#')[1] ?? ''
  return ((await answer.json()) as { fileName: string }).fileName
}

/** `creator` creates a quiz; answers its id and the attachment name that carries it. */
export const seedQuiz = async (
  creator: Member,
  quiz: Omit<PollInput, 'phoneCreatorPoll'>,
): Promise<{ pollId: string; fileName: string }> => {
  const answer = await creator.context.request.post('/api/createPoll', {
    data: { phoneCreatorPoll: creator.phone, ...quiz },
  })
  if (!answer.ok()) throw await refused(answer)
  const { pollId, title } = (await answer.json()) as { pollId: string; title: string }
  return { pollId, fileName: pollFileName(title, pollId) }
}
