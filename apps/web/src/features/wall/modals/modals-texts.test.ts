import { messages } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import { createI18n } from '../../../i18n'
import { registerWallTexts } from '../../../i18n/catalogue/wall'
import { modalFormsTexts, registerModalFormsTexts } from '../../../i18n/catalogue/wall/modal-forms'
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
    expect(keys(modalFormsTexts.fr)).toEqual(keys(modalFormsTexts.en))
  })

  it('merges the modals’ own texts, which come with their code, beside the first load’s', () => {
    const i18n = registerWallTexts(createI18n('fr'))
    expect(i18n.exists('wall.modals.folder.title')).toBe(false)
    registerModalFormsTexts(i18n)
    expect(i18n.t('wall.modals.folder.title')).toBe('Créer un nouveau dossier partagé')
    expect(i18n.t('wall.modals.lists.noContacts')).toBe('Aucun contact pour le moment.')
  })

  it("takes the product's English texts verbatim", () => {
    const t = registerModalFormsTexts(registerWallTexts(createI18n('en'))).t
    expect(t('wall.modals.folder.confirmRemove', { contact: 'Bob', folder: 'Sales' })).toBe(
      messages.folder.confirmRemove('Bob', 'Sales'),
    )
    expect(modalFormsTexts.en.contact.nameRequired).toBe('/!\\ Enter a name, please')
    expect(modalFormsTexts.en.contact.title).toBe('Save a new contact !')
    expect(modalFormsTexts.en.folder.leave).toBe('Left folder')
  })

  it("keeps 'non inscris' in both languages", () => {
    expect(modalsTexts.fr.contact.notRegistered).toBe('non inscris')
    expect(modalsTexts.en.contact.notRegistered).toBe(messages.wall.notRegistered)
  })
})
