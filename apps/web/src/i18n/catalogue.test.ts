import { messages } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import { createI18n } from '.'
import { accountTexts } from './catalogue/account'
import { adminTexts } from './catalogue/admin'
import { notFoundTexts } from './catalogue/not-found'
import { privacyTexts } from './catalogue/privacy'
import { publicTexts } from './catalogue/public'
import { quizzesTexts } from './catalogue/quizzes'
import { readerTexts } from './catalogue/reader'
import { serverSources, serverTexts } from './catalogue/server'
import { registerWallTexts, wallTexts } from './catalogue/wall'
import { reportTexts } from './catalogue/wall/announcement-report'
import { mediaTexts } from './catalogue/wall/media'
import { panelTexts } from './catalogue/wall/panel'
import { directoryTexts } from './catalogue/wall/directory'
import { modalFormsTexts } from './catalogue/wall/modal-forms'
import { translateServerText } from './server-text'

/**
 * The catalogue (docs/languages.md, "The catalogue"): every namespace has the same texts in
 * English and French, with the same `{{placeholders}}` and plural forms, none empty. That a
 * screen writes no text outside the catalogue is the lint's part (eslint.config.js).
 */
const namespaces = {
  public: publicTexts,
  privacy: privacyTexts,
  notFound: notFoundTexts,
  account: accountTexts,
  wall: wallTexts,
  wallMedia: mediaTexts,
  wallPanel: panelTexts,
  wallDirectory: directoryTexts,
  wallModalForms: modalFormsTexts,
  wallReport: reportTexts,
  quizzes: quizzesTexts,
  reader: readerTexts,
  admin: adminTexts,
  server: serverTexts,
}

type Tree = { readonly [key: string]: unknown }

/** Every text of a tree by its dotted key (arrays by index). */
const leaves = (tree: unknown, prefix = ''): Map<string, string> => {
  const found = new Map<string, string>()
  const walk = (node: unknown, key: string) => {
    if (typeof node === 'string') found.set(key, node)
    else if (node !== null && typeof node === 'object')
      for (const [name, child] of Object.entries(node as Tree))
        walk(child, key === '' ? name : `${key}.${name}`)
    else found.set(key, `<${typeof node}>`)
  }
  walk(tree, prefix)
  return found
}

const placeholders = (text: string) =>
  // A placeholder may name a format after its comma (`{{n, number}}`).
  [...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]).sort()

/** An environment variable's name, like `ADMIN_PHONES` or `SIGNUP_EMAIL_DOMAINS`. */
const configurationName = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/

describe('the catalogue (docs/languages.md, "The catalogue")', () => {
  for (const [name, texts] of Object.entries(namespaces)) {
    describe(name, () => {
      const en = leaves(texts.en)
      const fr = leaves(texts.fr)

      it('has the same keys in English and in French', () => {
        expect([...fr.keys()].sort()).toEqual([...en.keys()].sort())
      })

      it('writes every text as a non-empty string', () => {
        for (const [key, text] of [...en, ...fr]) {
          expect(text, key).not.toMatch(/^<\w+>$/)
          expect(text.trim(), key).not.toBe('')
        }
      })

      it('gives each text the same placeholders in both languages', () => {
        for (const [key, text] of en)
          expect(placeholders(fr.get(key) ?? ''), key).toEqual(placeholders(text))
      })

      // A customer reads the console, not the server's configuration: no `ADMIN_PHONES`, no
      // `SIGNUP_MODE` (docs/languages.md, "The catalogue").
      it('names no configuration variable', () => {
        for (const [key, text] of [...en, ...fr]) expect(text, key).not.toMatch(configurationName)
      })

      it('gives every plural both its forms', () => {
        for (const key of en.keys()) {
          const base = key.replace(/_(one|other)$/, '')
          if (base === key) continue
          expect(en.has(`${base}_one`) && en.has(`${base}_other`), key).toBe(true)
        }
      })
    })
  }
})

describe('texts from the server (docs/languages.md, "Texts from the server")', () => {
  const sources = leaves(serverSources)
  const en = leaves(serverTexts.en)
  const fr = leaves(serverTexts.fr)

  it("keeps the product's text verbatim in one of its languages", () => {
    for (const [key, source] of sources) expect([en.get(key), fr.get(key)], key).toContain(source)
  })

  it('translates two keys of the same wording the same way', () => {
    const byWording = new Map<string, string>()
    for (const [key, source] of sources) {
      const first = byWording.get(source)
      if (first === undefined) byWording.set(source, key)
      else {
        expect(en.get(key), `${key} and ${first}`).toBe(en.get(first))
        expect(fr.get(key), `${key} and ${first}`).toBe(fr.get(first))
      }
    }
  })

  it('shows each contracts text, its variable part included, in the screen language', () => {
    const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, '42')
    for (const language of ['en', 'fr'] as const) {
      const i18n = registerWallTexts(createI18n(language))
      const expected = language === 'en' ? en : fr
      for (const [key, source] of sources)
        expect(translateServerText(i18n.t, fill(source)), key).toBe(fill(expected.get(key) ?? ''))
    }
  })

  it('shows a text it does not know as it came', () => {
    const i18n = registerWallTexts(createI18n('fr'))
    expect(translateServerText(i18n.t, 'Something new from the server.')).toBe(
      'Something new from the server.',
    )
  })

  it('has the quiz texts the product gives in French as their French values', () => {
    expect(fr.get('poll.titleRequired')).toBe(messages.poll.titleRequired)
    expect(en.get('poll.titleRequired')).not.toBe(messages.poll.titleRequired)
  })
})
