import type { Group } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import { folderName, folderNameTexts, postFolderName } from './folder-name'
import { post, recipient, viewer } from './test-posts'

const texts = { more: (n: number) => `+ ${n}`, onlyYou: 'Only you' }
const shown = (name: Parameters<typeof folderNameTexts>[0]) => folderNameTexts(name, texts)

const unnamed = (names: [string, string][], extra: Partial<Group> = {}): Group => ({
  nomGroup: names.map(([, name]) => name).join(','),
  idGroup: 'g1',
  participants: names.map(([phone, name]) => ({ phone, name })),
  nbrParticipants: names.length,
  nbrNotifNonLu: 0,
  datecreation: '2024-01-01T00:00:00.000Z',
  datelastevent: '2024-01-01T00:00:00.000Z',
  noName: '1',
  ...extra,
})

describe('folderName', () => {
  it('names a named folder by its name', () => {
    const named = unnamed([[viewer, 'Me']], { noName: '0', nomGroup: 'Équipe Projet' })
    expect(shown(folderName(named, viewer))).toEqual({
      label: 'Équipe Projet',
      full: 'Équipe Projet',
      people: false,
    })
  })

  it('names an unnamed folder by its people but the viewer, separated by a comma and a space', () => {
    const folder = unnamed([
      [viewer, 'Viewer Name'],
      ['331', 'Bruno Keita'],
      ['332', 'Chloé Dubois'],
    ])
    expect(shown(folderName(folder, viewer))).toEqual({
      label: 'Bruno Keita, Chloé Dubois',
      full: 'Bruno Keita, Chloé Dubois',
      people: true,
    })
  })

  it("names the first two, then '+ N', the full list kept for the tooltip and screen readers", () => {
    const folder = unnamed([
      ['331', 'Bruno Keita'],
      [viewer, 'Viewer Name'],
      ['332', 'Chloé Dubois'],
      ['333', ''],
      ['334', 'Dan'],
    ])
    expect(shown(folderName(folder, viewer))).toEqual({
      label: 'Bruno Keita, Chloé Dubois + 2',
      full: 'Bruno Keita, Chloé Dubois, +333, Dan',
      people: true,
    })
  })

  it('reads as the viewer alone when nobody else is left', () => {
    expect(shown(folderName(unnamed([[viewer, 'Viewer Name']]), viewer)).label).toBe('Only you')
  })
})

describe('postFolderName', () => {
  const group = { idGroup: 'g9', name: 'Viewer Name,Chloé Dubois' }
  const through = (phone: string, name: string) => recipient(phone, name, { idGroupe: ['g9'] })
  const onPost = post(
    {},
    {
      groups: [group],
      recipients: [through(viewer, 'Viewer Name'), through('332', 'Chloé Dubois')],
    },
  )

  it("follows the viewer's own folder list when the folder is in it", () => {
    const known = unnamed(
      [
        [viewer, 'Viewer Name'],
        ['332', 'Chloé Dubois'],
        ['333', 'Dan'],
      ],
      {
        idGroup: 'g9',
      },
    )
    expect(shown(postFolderName(group, onPost, [known], viewer)).label).toBe('Chloé Dubois, Dan')
  })

  it("tells an unnamed folder the viewer left by its name, its people's names joined by commas", () => {
    // The sender (Alice Martin) and the people the folder reached, but the viewer.
    expect(shown(postFolderName(group, onPost, [], viewer)).label).toBe(
      'Alice Martin, Chloé Dubois',
    )
  })

  it('keeps the name of a named folder the viewer is not in', () => {
    const named = { idGroup: 'g9', name: 'Sales' }
    expect(shown(postFolderName(named, post({}, { groups: [named] }), [], viewer)).label).toBe(
      'Sales',
    )
  })
})
