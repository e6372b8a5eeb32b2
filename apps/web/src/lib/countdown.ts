/** Seconds before a code can be re-sent: 0:59, one tick a second (docs/behaviour.md, "Resend countdown"). */
export const resendCountdownSeconds = 59

/** 59 -> '0:59', 5 -> '0:05', 75 -> '1:15'; negative values read as 0:00. */
export const formatCountdown = (seconds: number): string => {
  const total = Math.max(0, Math.floor(seconds))
  const minutes = Math.floor(total / 60)
  const rest = total % 60
  return `${minutes}:${String(rest).padStart(2, '0')}`
}
