import 'i18next'
import type { AccountTranslations } from './catalogue/account'
import type { AdminTranslations } from './catalogue/admin'
import type { NotFoundTranslations } from './catalogue/not-found'
import type { PrivacyTranslations } from './catalogue/privacy'
import type { ProfileTranslations } from './catalogue/profile'
import type { PublicTranslations } from './catalogue/public'
import type { QuizzesTranslations } from './catalogue/quizzes'
import type { ReaderTranslations } from './catalogue/reader'
import type { ServerTranslations } from './catalogue/server'
import type { WallTranslations } from './catalogue/wall'

// Typed keys: a misspelt key or a missing French text fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    // The public texts load with the entry; every other namespace is added when its pages load
    // (docs/languages.md, "The catalogue").
    resources: {
      translation: PublicTranslations & {
        account: AccountTranslations
        notFound: NotFoundTranslations
        privacy: PrivacyTranslations
        wall: WallTranslations
        quizzes: QuizzesTranslations
        reader: ReaderTranslations
        admin: AdminTranslations
        profile: ProfileTranslations
        server: ServerTranslations
      }
    }
  }
}
