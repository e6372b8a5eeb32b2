import { messages } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import type { WallScope } from '../model/types'
import { emptyWallText } from './empty-wall'

const general: WallScope = { kind: 'general' }
const folder: WallScope = { kind: 'folder', idGroup: 'g1', name: 'Sales' }
const contact: WallScope = { kind: 'contact', phone: '3361', name: 'Bob', registered: true }

describe('emptyWallText', () => {
  it('reads the original English texts', () => {
    expect(emptyWallText(general, false, 'en')).toBe("You don't have any Post")
    expect(emptyWallText(folder, false, 'en')).toBe("You don't have any Post on Sales")
    expect(emptyWallText(contact, false, 'en')).toBe("You don't have any Post with Bob")
    expect(emptyWallText(folder, false, 'en')).toBe(messages.wall.empty({ folder: 'Sales' }))
  })

  it('reads the French texts', () => {
    expect(emptyWallText(general, false, 'fr')).toBe("Vous n'avez aucun message")
    expect(emptyWallText(folder, false, 'fr')).toBe("Vous n'avez aucun message sur Sales")
    expect(emptyWallText(contact, false, 'fr')).toBe("Vous n'avez aucun message avec Bob")
  })

  it('reads the original French texts of an empty search', () => {
    expect(emptyWallText(general, true, 'fr')).toBe('Aucun message ne correspond à votre recherche')
    expect(emptyWallText(folder, true, 'fr')).toBe(
      'Aucun message ne correspond à votre recherche sur Sales',
    )
    expect(emptyWallText(contact, true, 'fr')).toBe(messages.wall.emptySearch({ contact: 'Bob' }))
  })

  it('reads their English equivalents in English', () => {
    expect(emptyWallText(general, true, 'en')).toBe('No message matches your search')
    expect(emptyWallText(folder, true, 'en')).toBe('No message matches your search in Sales')
    expect(emptyWallText(contact, true, 'en')).toBe('No message matches your search with Bob')
  })

  it("names a contact without a name by '+' and the phone, and keeps '$' in names", () => {
    const nameless: WallScope = { kind: 'contact', phone: '3361', name: '', registered: false }
    expect(emptyWallText(nameless, false, 'en')).toBe("You don't have any Post with +3361")
    const dollar: WallScope = { kind: 'folder', idGroup: 'g2', name: "$& $' {{x}}" }
    expect(emptyWallText(dollar, false, 'en')).toBe("You don't have any Post on $& $' {{x}}")
  })
})
