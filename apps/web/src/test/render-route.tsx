import { render, type RenderResult } from '@testing-library/react'
import { createMemoryRouter } from 'react-router-dom'
import { AppRoot } from '../app'
import { createI18n } from '../i18n'
import { appRoutes } from '../routes'

/**
 * Mounts the real route table at `path`, around it what the app mounts, in memory. Pages load
 * lazily: find the first thing with `findBy*`.
 */
export const renderRoute = (
  path: string,
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } => {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] })
  const result = render(<AppRoot router={router} i18n={createI18n('en')} />)
  return { ...result, router }
}
