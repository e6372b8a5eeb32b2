import { render, type RenderResult } from '@testing-library/react'
import { createMemoryRouter } from 'react-router-dom'
import { AppRoot } from '../app'
import { createI18n, type Language } from '../i18n'
import { appRoutes } from '../routes'

/** Where the route starts: a path, or a path with the state another screen passed along. */
type Entry = string | { pathname: string; state?: unknown }

/**
 * Mounts the real route table at `entry`, around it what the app mounts, in memory, in English
 * unless `language` says otherwise. Pages load lazily: find the first thing with `findBy*`.
 */
export const renderRoute = (
  entry: Entry,
  { language = 'en' }: { language?: Language } = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } => {
  const router = createMemoryRouter(appRoutes, { initialEntries: [entry] })
  const result = render(<AppRoot router={router} i18n={createI18n(language)} />)
  return { ...result, router }
}
