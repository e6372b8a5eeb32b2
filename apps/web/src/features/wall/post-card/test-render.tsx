import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { AppProviders } from '../../../app-providers'
import { createI18n, type Language } from '../../../i18n'
import { registerWallTexts } from '../../../i18n/catalogue/wall'
import { createQueryClient } from '../../../lib/query-client'

/**
 * Renders a piece of the card in the app's providers and a router (its links lead to the
 * reader), in English or French (tests only).
 */
export const renderCard = (ui: ReactElement, lang: Language = 'en') =>
  render(
    <AppProviders queryClient={createQueryClient()} i18n={registerWallTexts(createI18n(lang))}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  )
