import { describe, expect, it } from 'vitest'
import { createI18n } from '../../i18n'
import { registerWallTexts } from '../wall/texts'
import { pollsTexts } from '../wall/texts/polls'

describe('wall.polls texts (docs/wall.md, "Languages")', () => {
  it('has the same keys in English and French', () => {
    expect(Object.keys(pollsTexts.fr).sort()).toEqual(Object.keys(pollsTexts.en).sort())
  })

  it('is registered with the wall, points counted in both languages', () => {
    const en = registerWallTexts(createI18n('en')).t
    expect(en('wall.polls.pointsValue', { count: 1 })).toBe('1 point')
    expect(en('wall.polls.pointsValue', { count: 3 })).toBe('3 points')
    const fr = registerWallTexts(createI18n('fr')).t
    expect(fr('wall.polls.addQuestion')).toBe('Ajouter une question')
    expect(fr('wall.polls.pointsValue', { count: 0 })).toBe('0 point')
  })
})
