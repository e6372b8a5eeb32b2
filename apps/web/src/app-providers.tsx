import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { i18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'

/** Everything a screen needs around it; the app and the component tests share it. */
export const AppProviders = ({
  queryClient,
  i18n,
  children,
}: {
  queryClient: QueryClient
  i18n: i18n
  children: ReactNode
}) => (
  <QueryClientProvider client={queryClient}>
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  </QueryClientProvider>
)
