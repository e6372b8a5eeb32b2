import 'i18next'
import type { WallTranslations } from '../features/wall/texts'
import type { Translations } from './en'

// Typed keys: a misspelt key or a missing French text fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    // The wall's texts are added when the wall loads (features/wall/texts).
    resources: { translation: Translations & { wall: WallTranslations } }
  }
}
