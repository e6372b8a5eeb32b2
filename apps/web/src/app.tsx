import type { i18n } from 'i18next'
import { StrictMode, useState, type ComponentProps } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { createI18n } from './i18n'
import { appRoutes } from './routes'

type Router = ComponentProps<typeof RouterProvider>['router']

/**
 * What the app mounts around its router; the route tests mount the same
 * (src/test/render-route.tsx). No query client here: the routes that call the api bring it
 * (src/routes.tsx), so react-query stays off the landing page (docs/bundle-budgets.md).
 */
export const AppRoot = ({ router, i18n }: { router: Router; i18n: i18n }) => (
  <I18nextProvider i18n={i18n}>
    <RouterProvider router={router} />
  </I18nextProvider>
)

export const App = () => {
  // Created once per mounted app, not per render, in the browser's language setting
  // (docs/languages.md, "The language setting").
  const [i18n] = useState(() => createI18n())
  const [router] = useState(() => createBrowserRouter(appRoutes))
  return <AppRoot router={router} i18n={i18n} />
}

/** Draws the app in `root`; the entry (`main.tsx`) calls it once this module has arrived. */
export const mountApp = (root: HTMLElement) => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
