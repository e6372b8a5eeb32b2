import { messages } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import { createI18n } from '../../../i18n'
import { registerWallTexts } from '../../../i18n/catalogue/wall'
import { modalsTexts } from '../../../i18n/catalogue/wall/modals'

/** Every key path of a texts object, sorted. */
const keys = (value: object, prefix = ''): string[] =>
  Object.entries(value)
    .flatMap(([key, inner]) =>
      typeof inner === 'string' ? [`${prefix}${key}`] : keys(inner as object, `${prefix}${key}.`),
    )
    .sort()

describe('wall.modals texts (docs/wall.md, "Modals")', () => {
  it('has the same keys in English and French', () => {
    expect(keys(modalsTexts.fr)).toEqual(keys(modalsTexts.en))
  })

  it("takes the product's English texts verbatim", () => {
    const t = registerWallTexts(createI18n('en')).t
    expect(t('wall.modals.folder.confirmRemove', { contact: 'Bob', folder: 'Sales' })).toBe(
      messages.folder.confirmRemove('Bob', 'Sales'),
    )
    expect(modalsTexts.en.contact.nameRequired).toBe('/!\\ Enter a name, please')
    expect(modalsTexts.en.contact.title).toBe('Save a new contact !')
    expect(modalsTexts.en.folder.leave).toBe('Left folder')
  })

  it("keeps 'non inscris' in both languages", () => {
    expect(modalsTexts.fr.contact.notRegistered).toBe('non inscris')
    expect(modalsTexts.en.contact.notRegistered).toBe(messages.wall.notRegistered)
  })
})
