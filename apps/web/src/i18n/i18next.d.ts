import 'i18next'
import type { ReaderTranslations } from '../features/reader/texts'
import type { WallTranslations } from '../features/wall/texts'
import type { Translations } from './en'

// Typed keys: a misspelt key or a missing French text fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    // The wall's and the reader's texts are added when their pages load (features/wall/texts,
    // features/reader/texts).
    resources: {
      translation: Translations & { wall: WallTranslations; reader: ReaderTranslations }
    }
  }
}
