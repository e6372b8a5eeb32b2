import { useState } from 'react'
import { useFailureMessage } from './failure-message'

/**
 * Runs a modal's async callback (docs/wall.md, "Modals"): its controls are disabled while it
 * runs, and a rejection's message is kept for a FormAlert. Resolves to whether it succeeded.
 */
export const useAsyncAction = (fallback: string) => {
  const failureMessage = useFailureMessage()
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const run = async (action: () => Promise<void>): Promise<boolean> => {
    setPending(true)
    setFailure(null)
    try {
      await action()
      return true
    } catch (error) {
      setFailure(failureMessage(error, fallback))
      return false
    } finally {
      setPending(false)
    }
  }
  return { pending, failure, setFailure, run }
}
