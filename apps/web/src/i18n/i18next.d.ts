import 'i18next'
import type { QuizzesTranslations } from './catalogue/quizzes'
import type { ReaderTranslations } from './catalogue/reader'
import type { ServerTranslations } from './catalogue/server'
import type { WallTranslations } from './catalogue/wall'
import type { Translations } from './en'

// Typed keys: a misspelt key or a missing French text fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    // The wall's (with the quizzes') and the reader's texts are added when their pages load
    // (i18n/catalogue).
    resources: {
      translation: Translations & {
        wall: WallTranslations
        quizzes: QuizzesTranslations
        reader: ReaderTranslations
        server: ServerTranslations
      }
    }
  }
}
