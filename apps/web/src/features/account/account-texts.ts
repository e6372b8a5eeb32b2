import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { registerAccountTexts } from '../../i18n/catalogue/account'
import { useServerText } from '../../i18n/server-text'

/**
 * What an account screen needs to speak the screen's language (docs/languages.md): its texts,
 * added to i18n before it first renders (so a form mounted alone has them too), and the
 * translation of the contracts' texts it shows: field messages from the schemas, refusals from
 * the server (docs/languages.md, "Texts from the server").
 */
export const useAccountTexts = () => {
  const { t, i18n } = useTranslation()
  useState(() => registerAccountTexts(i18n))
  const serverText = useServerText()
  /** A field's message, if it has one, in the screen's language. */
  const fieldText = useCallback(
    (message: string | undefined) => (message === undefined ? undefined : serverText(message)),
    [serverText],
  )
  return { t, i18n, serverText, fieldText }
}
