import { describe, expect, it } from 'vitest'
import { createI18n } from '../../i18n'
import { registerWallTexts } from '../../i18n/catalogue/wall'
import { quizzesTexts as pollsTexts } from '../../i18n/catalogue/quizzes'

describe('wall.polls texts (docs/wall.md, "Languages")', () => {
  it('has the same keys in English and French', () => {
    expect(Object.keys(pollsTexts.fr).sort()).toEqual(Object.keys(pollsTexts.en).sort())
  })

  it('is registered with the wall, points counted in both languages', () => {
    const en = registerWallTexts(createI18n('en')).t
    expect(en('quizzes.pointsValue', { count: 1 })).toBe('1 point')
    expect(en('quizzes.pointsValue', { count: 3 })).toBe('3 points')
    const fr = registerWallTexts(createI18n('fr')).t
    expect(fr('quizzes.addQuestion')).toBe('Ajouter une question')
    expect(fr('quizzes.pointsValue', { count: 0 })).toBe('0 point')
  })
})
