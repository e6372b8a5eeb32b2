import { Navigate, type RouteObject } from 'react-router-dom'
import { AuthPage } from './features/auth/auth-page'
import { InscriptionPage } from './features/inscription/inscription-page'
import { LandingPage } from './features/landing-page/landing-page'
import { NotFoundPage } from './features/not-found/not-found-page'
import { PrivacyPage } from './features/privacy/privacy-page'
import { RoutePlaceholder } from './features/wall/route-placeholder'
import { WallPage } from './features/wall/wall-page'
import { RequireSession } from './session/require-session'

/** The routes (docs/behaviour.md, "Screens and routes"). Exported apart from the router so tests mount them in memory. */
export const appRoutes: RouteObject[] = [
  { path: '/landing-page', element: <LandingPage /> },
  { path: '/auth', element: <AuthPage /> },
  { path: '/inscription', element: <InscriptionPage /> },
  { path: '/privacy-fr', element: <PrivacyPage language="fr" /> },
  { path: '/privacy-eng', element: <PrivacyPage language="en" /> },
  {
    element: <RequireSession />,
    children: [
      { path: '/', element: <WallPage /> },
      { path: '/wall', element: <WallPage /> },
      // Until the discussion and reader issues land.
      { path: '/wall/discussion/:id', element: <RoutePlaceholder title="Discussion" param="id" /> },
      {
        path: '/wall/discussion/lecteur/:filedoc',
        element: <RoutePlaceholder title="Reader" param="filedoc" />,
      },
    ],
  },
  { path: '/not-found', element: <NotFoundPage /> },
  { path: '*', element: <Navigate to="/not-found" replace /> },
]
