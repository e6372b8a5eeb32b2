import {
  inlineRecipients,
  noNameValues,
  recipientDisplayName,
  type Group,
} from '@palabre/contracts'
import type { PostView } from '../model/types'

/**
 * How a folder is named on screen (docs/wall.md, "Folder names"): a named folder by its name;
 * an unnamed one (the folder a post to several contacts makes) by the people in it but the
 * viewer, as the card names recipients: the first two, then how many more.
 */
export type FolderName =
  { kind: 'named'; name: string } | { kind: 'people'; shown: string[]; rest: number; all: string[] }

const ofPeople = (names: string[]): FolderName => ({
  kind: 'people',
  shown: names.slice(0, inlineRecipients),
  rest: Math.max(0, names.length - inlineRecipients),
  all: names,
})

type FolderFields = Pick<Group, 'nomGroup' | 'noName' | 'participants'>

/** A folder of the viewer's list: an unnamed one reads as its members but the viewer. */
export const folderName = (folder: FolderFields, viewerPhone: string): FolderName =>
  folder.noName === noNameValues.unnamed
    ? ofPeople(
        folder.participants
          .filter((member) => member.phone !== viewerPhone)
          .map((member) => recipientDisplayName(member)),
      )
    : { kind: 'named', name: folder.nomGroup }

/**
 * A folder a post names. The viewer's own folders say whether it is unnamed and who is in it
 * now. A folder the viewer is no longer in is known only by the post: it is unnamed when its
 * stored name is its people's names joined by commas, as the server names an unnamed folder
 * (docs/behaviour.md, "Folders"); its people are then the post's sender and those the folder
 * reached.
 */
export const postFolderName = (
  group: { idGroup: string; name: string },
  post: PostView,
  folders: readonly (FolderFields & { idGroup: string })[],
  viewerPhone: string,
): FolderName => {
  const known = folders.find((folder) => folder.idGroup === group.idGroup)
  if (known !== undefined) return folderName(known, viewerPhone)
  const reached = post.data.recipients.filter((r) => (r.idGroupe ?? []).includes(group.idGroup))
  const names = reached.map((r) => recipientDisplayName(r))
  if (names.length < 2 || names.join(',') !== group.name) return { kind: 'named', name: group.name }
  return ofPeople(
    [post.data.author, ...reached]
      .filter((person) => person.phone !== viewerPhone)
      .map((person) => recipientDisplayName(person)),
  )
}

/** What a folder name shows: the label (first two and '+ N') and the full list of names. */
export interface FolderNameTexts {
  label: string
  full: string
  /** An unnamed folder, named by its people. */
  people: boolean
}

export const folderNameTexts = (
  name: FolderName,
  texts: { more: (n: number) => string; onlyYou: string },
): FolderNameTexts => {
  if (name.kind === 'named') return { label: name.name, full: name.name, people: false }
  if (name.all.length === 0) return { label: texts.onlyYou, full: texts.onlyYou, people: true }
  const shown = name.shown.join(', ')
  return {
    label: name.rest > 0 ? `${shown} ${texts.more(name.rest)}` : shown,
    full: name.all.join(', '),
    people: true,
  }
}
