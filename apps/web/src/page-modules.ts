/**
 * The modules the routes load lazily, each the chunk of one page or layout (docs/bundle-budgets.md).
 * `src/routes.tsx` loads them when a route matches; the app's entry (`main.tsx`) asks for the
 * ones of the page the browser opens before anything else runs, so they download beside the
 * framework instead of after it (docs/bundle-budgets.md, "First paint"). This module imports
 * nothing itself: the entry stays small and runs as soon as it arrives.
 */
// Like the routes table, this opens each page by its module (docs/web-structure.md,
// "Features"), for the entry.
export const pageModules = {
  landingPage: () => import('./features/landing-page/landing-page'),
  privacyPage: () => import('./features/privacy/privacy-page'),
  /** The layout of the pages that call the api: react-query and the app's query client. */
  queryClient: () => Promise.all([import('@tanstack/react-query'), import('./lib/query-client')]),
  authPage: () => import('./features/account/auth-page'),
  inscriptionPage: () => import('./features/account/inscription-page'),
  /** The guard of the signed-in routes. */
  requireSession: () => import('./session/require-session'),
  wallPage: () => import('./features/wall/wall-page'),
  readerPage: () => import('./features/reader/reader-page'),
  adminPage: () => import('./features/admin/admin-page'),
  notFoundPage: () => import('./features/not-found/not-found-page'),
}

export type PageModule = keyof typeof pageModules

/**
 * The modules a first visit to `pathname` loads, by the routes of `src/routes.tsx` (keep the two
 * in step): its page and the lazy layouts above it.
 */
export const pageModulesOf = (pathname: string): PageModule[] => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const signedIn: PageModule[] = ['queryClient', 'requireSession', 'wallPage']
  if (path === '/landing-page') return ['landingPage']
  if (path === '/privacy-fr' || path === '/privacy-eng') return ['privacyPage']
  if (path === '/auth') return ['queryClient', 'authPage']
  if (path === '/inscription') return ['queryClient', 'inscriptionPage']
  if (path === '/' || path === '/wall' || /^\/wall\/discussion\/[^/]+$/.test(path)) return signedIn
  if (/^\/wall\/discussion\/lecteur\/[^/]+$/.test(path)) return [...signedIn, 'readerPage']
  if (path === '/admin') return ['queryClient', 'requireSession', 'adminPage']
  // /not-found, and every other path, which goes there.
  return ['notFoundPage']
}

/**
 * Starts fetching the modules of the page at `pathname`. Nothing waits for them here: the
 * routes use the same modules, so they find them fetched or on their way. A failure is left to
 * the route, which fetches again and shows its error.
 */
export const preloadPage = (pathname: string): void => {
  for (const name of pageModulesOf(pathname)) pageModules[name]().catch(() => undefined)
}
