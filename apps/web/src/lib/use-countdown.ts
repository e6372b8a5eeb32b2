import { useCallback, useEffect, useState } from 'react'

export interface Countdown {
  /** Seconds left; 0 when stopped or finished. */
  remaining: number
  running: boolean
  start: () => void
  stop: () => void
}

/** A one-second countdown from `from`, started on demand (the OTP resend timer, docs/behaviour.md, "Resend countdown"). */
export const useCountdown = (from: number): Countdown => {
  const [remaining, setRemaining] = useState(0)
  const running = remaining > 0

  useEffect(() => {
    if (!running) return
    const timer = window.setInterval(() => {
      setRemaining((left) => Math.max(0, left - 1))
    }, 1000)
    return () => window.clearInterval(timer)
  }, [running])

  const start = useCallback(() => setRemaining(from), [from])
  const stop = useCallback(() => setRemaining(0), [])

  return { remaining, running, start, stop }
}
