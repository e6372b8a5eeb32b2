// A person's own profile (docs/organisation.md, "Profiles"), as the wall uses it: its panel, whose
// code and texts are fetched when it first opens (docs/bundle-budgets.md), and the language kept
// on it, which wins once signed in.
import { lazy } from 'react'

export { useProfileLanguage } from './use-profile-language'
export { myProfileKey } from './profile-calls'

export const ProfilePanel = lazy(async () => ({
  default: (await import('./profile-panel')).ProfilePanel,
}))
