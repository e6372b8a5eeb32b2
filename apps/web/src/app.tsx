import { useState } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { AppProviders } from './app-providers'
import { createI18n } from './i18n'
import { createQueryClient } from './lib/query-client'
import { appRoutes } from './routes'

export const App = () => {
  // Created once per mounted app, not per render.
  const [queryClient] = useState(createQueryClient)
  const [i18n] = useState(() => createI18n('en'))
  const [router] = useState(() => createBrowserRouter(appRoutes))
  return (
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
