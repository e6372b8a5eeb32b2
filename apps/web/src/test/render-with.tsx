import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { AppProviders } from '../app-providers'
import { createI18n, type Language } from '../i18n'
import { registerWallTexts } from '../i18n/catalogue/wall'
import { registerModalFormsTexts } from '../i18n/catalogue/wall/modal-forms'
import { createQueryClient } from '../lib/query-client'

/**
 * Renders a piece of the signed-in app in its providers, in English or French (tests only), with
 * the modals' texts, which the app adds when it first opens one, so a modal renders alone.
 */
export const renderWith = (ui: ReactNode, language: Language = 'en') =>
  render(
    <AppProviders
      queryClient={createQueryClient()}
      i18n={registerModalFormsTexts(registerWallTexts(createI18n(language)))}
    >
      {ui}
    </AppProviders>,
  )
