import { useMemo, useState } from 'react'

/**
 * The items picked in a list, kept by key (docs/wall.md, "Modals"): a picked contact stays
 * picked when a search hides it from the list, since the list only holds the search's page.
 * `initial` are picked from the start (a post to someone chosen in the directory).
 */
export const useSelection = <T>(keyOf: (item: T) => string, initial: readonly T[] = []) => {
  const [picked, setPicked] = useState<ReadonlyMap<string, T>>(
    () => new Map(initial.map((item) => [keyOf(item), item])),
  )
  const keys = useMemo(() => new Set(picked.keys()), [picked])
  const items = useMemo(() => [...picked.values()], [picked])
  const toggle = (item: T) =>
    setPicked((previous) => {
      const next = new Map(previous)
      const key = keyOf(item)
      if (next.has(key)) next.delete(key)
      else next.set(key, item)
      return next
    })
  return { keys, items, toggle }
}
