import { Navigate, Outlet, type RouteObject } from 'react-router-dom'
import { LoadingScreen } from './components/loading-screen'
import { RouteError } from './components/route-error'
import { pageModules } from './page-modules'

// Each page is its own chunk, loaded when its route matches, so a page loads only the code it
// needs: the landing page no schema, no phone metadata (docs/bundle-budgets.md). The budget
// table in scripts/bundle-budget.ts and `pageModulesOf` in page-modules.ts (what the entry
// fetches first) name these modules by path: keep the three in step.

/**
 * The routes (docs/behaviour.md, "Screens and routes"). Exported apart from the router so tests
 * mount them in memory; a lazy page shows once its chunk is in, so tests find it with `findBy*`.
 */
export const appRoutes: RouteObject[] = [
  {
    // Shown on the first load while the page's chunk arrives; later navigations keep the
    // current page on screen until the next one is ready.
    hydrateFallbackElement: <LoadingScreen />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/landing-page',
        lazy: async () => {
          const { LandingPage } = await pageModules.landingPage()
          return { Component: LandingPage }
        },
      },
      {
        path: '/privacy-fr',
        lazy: async () => {
          const { PrivacyPage } = await pageModules.privacyPage()
          return { element: <PrivacyPage language="fr" /> }
        },
      },
      {
        path: '/privacy-eng',
        lazy: async () => {
          const { PrivacyPage } = await pageModules.privacyPage()
          return { element: <PrivacyPage language="en" /> }
        },
      },
      {
        // The pages that call the api, and only they, get the query client: react-query stays off
        // the other pages. One client per router, kept across these pages (the signed-in session
        // goes from the sign-in to the wall in it).
        lazy: async () => {
          const [{ QueryClientProvider }, { createQueryClient }] = await pageModules.queryClient()
          const client = createQueryClient()
          return {
            element: (
              <QueryClientProvider client={client}>
                <Outlet />
              </QueryClientProvider>
            ),
          }
        },
        children: [
          {
            path: '/auth',
            lazy: async () => {
              const { AuthPage } = await pageModules.authPage()
              return { Component: AuthPage }
            },
          },
          {
            path: '/inscription',
            lazy: async () => {
              const { InscriptionPage } = await pageModules.inscriptionPage()
              return { Component: InscriptionPage }
            },
          },
          {
            // The guard is lazy too: it asks the api for the session, which brings the schemas.
            lazy: async () => {
              const { RequireSession } = await pageModules.requireSession()
              return { Component: RequireSession }
            },
            children: [
              { path: '/', element: <Navigate to="/wall" replace /> },
              {
                path: '/wall',
                lazy: async () => {
                  const { WallPage } = await pageModules.wallPage()
                  return { Component: WallPage }
                },
                // The wall page shows the open discussion itself, from the `id` parameter: these
                // render nothing of their own (`null` says so, and spares the router's warning).
                children: [
                  { index: true, element: null },
                  { path: 'discussion/:id', element: null },
                  {
                    // The file reader (docs/reader.md), over the wall: the wall stays mounted
                    // under it, its socket live, so Close is instant. pdf.js is a chunk of its
                    // own, loaded with the first PDF shown.
                    path: 'discussion/lecteur/:filedoc',
                    lazy: async () => {
                      const { ReaderPage } = await pageModules.readerPage()
                      return { Component: ReaderPage }
                    },
                  },
                ],
              },
              {
                // The administrators' console (docs/organisation.md, "The console"): a member
                // who opens it gets the 404 page.
                path: '/admin',
                lazy: async () => {
                  const { AdminPage } = await pageModules.adminPage()
                  return { Component: AdminPage }
                },
              },
            ],
          },
        ],
      },
      {
        path: '/not-found',
        lazy: async () => {
          const { NotFoundPage } = await pageModules.notFoundPage()
          return { Component: NotFoundPage }
        },
      },
      { path: '*', element: <Navigate to="/not-found" replace /> },
    ],
  },
]
