import { useEffect, useState } from 'react'

/** How long typing must pause before the directory asks the server (docs/wall.md, "Directory"). */
export const searchPauseMs = 300

/** `value` once it has stayed the same for `ms`: a search asks once typing pauses. */
export const useDebounced = <T>(value: T, ms: number = searchPauseMs): T => {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
