import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { fetchMyProfile, myProfileKey } from './profile-calls'

/**
 * Once signed in, the language kept on the profile wins when set (docs/languages.md, "The
 * language setting"): read once when the wall opens, it is applied to the screen, which writes
 * the browser's setting too. A profile without one leaves the browser's.
 */
export const useProfileLanguage = () => {
  const { i18n } = useTranslation()
  const profile = useQuery({
    queryKey: myProfileKey,
    queryFn: ({ signal }) => fetchMyProfile(signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })
  const language = profile.data?.language
  useEffect(() => {
    if (language !== undefined && language !== i18n.resolvedLanguage)
      void i18n.changeLanguage(language)
    // Only when the profile's language is read or saved, not on every toggle of the screen's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language])
}
