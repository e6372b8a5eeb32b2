import type { QueryClient } from '@tanstack/react-query'
import type { i18n } from 'i18next'
import { fetchMyProfile } from './profile-calls'
import { myProfileKey } from './profile-key'

/**
 * Once signed in, the language kept on the profile wins when set (docs/languages.md, "The
 * language setting"): read when the wall opens and applied to the screen, which writes the
 * browser's setting too. A profile without one leaves the browser's.
 */
export const applyProfileLanguage = async (client: QueryClient, instance: i18n) => {
  const profile = await client.fetchQuery({
    queryKey: myProfileKey,
    queryFn: ({ signal }) => fetchMyProfile(signal),
  })
  if (profile.language !== undefined && profile.language !== instance.resolvedLanguage)
    await instance.changeLanguage(profile.language)
}
