import { useCallback } from 'react'
import { useServerText } from '../i18n/server-text'

/**
 * What a modal shows when its callback rejects (docs/wall.md, "Modals"): the error's own
 * message when it carries one, else the product's text for that action.
 */
export const failureMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message.trim() !== '' ? error.message : fallback

/**
 * `failureMessage` in the screen's language: an error's message is often a text of the server's
 * (docs/languages.md, "Texts from the server").
 */
export const useFailureMessage = (): ((error: unknown, fallback: string) => string) => {
  const serverText = useServerText()
  return useCallback(
    (error: unknown, fallback: string) => serverText(failureMessage(error, fallback)),
    [serverText],
  )
}
