import 'i18next'
import type { Translations } from './en'

// Typed keys: a misspelt key or a missing French text fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: Translations }
  }
}
