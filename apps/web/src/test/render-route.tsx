import { render, type RenderResult } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { AppProviders } from '../app-providers'
import { createI18n } from '../i18n'
import { createQueryClient } from '../lib/query-client'
import { appRoutes } from '../routes'

/** Mounts the real route table at `path`, with the real providers, in memory. */
export const renderRoute = (
  path: string,
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } => {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] })
  const result = render(
    <AppProviders queryClient={createQueryClient()} i18n={createI18n('en')}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...result, router }
}
