// A person's own profile (docs/organisation.md, "Profiles"), as the wall uses it: its panel and
// the language kept on it, whose code is fetched only when needed, never with the wall's first
// load (docs/bundle-budgets.md), and the key of its query.
import { lazy } from 'react'

export { myProfileKey } from './profile-key'

export const ProfilePanel = lazy(async () => ({
  default: (await import('./profile-panel')).ProfilePanel,
}))

/** Applies the profile's language, once its code is in. */
export const loadProfileLanguage = () => import('./profile-language')
