import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { registerAccountTexts } from '../../i18n/catalogue/account'
import { useAccountRuntime } from './use-account-runtime'

/**
 * What an account screen needs to speak the screen's language (docs/languages.md): its texts,
 * added to i18n before it first renders (so a form mounted alone has them too), and the
 * translation of the contracts' texts it shows: field messages from the schemas, refusals from
 * the server (docs/languages.md, "Texts from the server").
 *
 * The contracts' texts' catalogue comes with the account runtime, after the first paint
 * (docs/bundle-budgets.md, "First paint"). Such a text shows only after a check or a call,
 * which need the runtime too, or as a notice another screen passed along: `serverTextReady`
 * says when it can be shown in the screen's language.
 */
export const useAccountTexts = () => {
  const { t, i18n } = useTranslation()
  useState(() => registerAccountTexts(i18n))
  const runtime = useAccountRuntime(i18n)
  const serverText = useCallback(
    (text: string) => (runtime === null ? text : runtime.translateServerText(t, text)),
    [runtime, t],
  )
  /** A field's message, if it has one, in the screen's language. */
  const fieldText = useCallback(
    (message: string | undefined) => (message === undefined ? undefined : serverText(message)),
    [serverText],
  )
  return { t, i18n, serverText, fieldText, serverTextReady: runtime !== null, runtime }
}
