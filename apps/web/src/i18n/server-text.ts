import type { TFunction } from 'i18next'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { serverSources } from './catalogue/server'

/**
 * Texts from the server or the contracts' schemas, in the screen's language
 * (docs/languages.md, "Texts from the server"). Each contracts text is known by its wording:
 * a template's `{{name}}` parts match any value, which goes into the translation. A text the
 * catalogue does not know is shown as it came.
 */
interface Source {
  key: string
  pattern: RegExp
  names: string[]
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const sourcesOf = (node: object, prefix: string): Source[] =>
  Object.entries(node).flatMap(([name, value]): Source[] => {
    const key = `${prefix}.${name}`
    if (typeof value !== 'string') return sourcesOf(value as object, key)
    const names = [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '')
    const body = value
      .split(/\{\{\w+\}\}/)
      .map(escape)
      .join('(.+?)')
    return [{ key, pattern: new RegExp(`^${body}$`, 's'), names }]
  })

const sources = sourcesOf(serverSources, 'server')

/** The catalogue key of a contracts text, and the values of its variable parts. */
export const serverTextKey = (
  text: string,
): { key: string; values: Record<string, string> } | undefined => {
  for (const source of sources) {
    const match = source.pattern.exec(text)
    if (match === null) continue
    const values = Object.fromEntries(source.names.map((name, at) => [name, match[at + 1] ?? '']))
    return { key: source.key, values }
  }
  return undefined
}

/** A contracts text in the language of `t`. */
export const translateServerText = (t: TFunction, text: string): string => {
  const known = serverTextKey(text)
  if (known === undefined) return text
  const translate = t as unknown as (key: string, values: Record<string, string>) => string
  return translate(known.key, known.values)
}

/** What a screen calls to show a contracts text in its language. */
export const useServerText = (): ((text: string) => string) => {
  const { t } = useTranslation()
  return useCallback((text: string) => translateServerText(t, text), [t])
}

/** A form's field message, if any, in the screen's language. */
export const useShownMessage = (): ((message: string | undefined) => string | undefined) => {
  const serverText = useServerText()
  return useCallback(
    (message: string | undefined) => (message === undefined ? undefined : serverText(message)),
    [serverText],
  )
}
