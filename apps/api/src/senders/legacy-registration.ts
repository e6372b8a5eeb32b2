import type { Logger } from '../logger.js'

export interface LegacyRegistration {
  /** Tells the legacy system about a new number. Never throws and never delays the caller. */
  notify(indicatif: string, nationalNumber: string): void
}

/**
 * The third-party phone-registration call (docs/behaviour.md, "Legacy registration webhook"): form fields
 * indicatif and numberphone, answer ignored. Off unless LEGACY_REGISTRATION_URL is set.
 */
export const createLegacyRegistration = (
  url: string | undefined,
  logger: Logger,
): LegacyRegistration => ({
  notify(indicatif, numberphone) {
    if (!url) return
    const body = new URLSearchParams({ indicatif, numberphone })
    fetch(url, { method: 'POST', body, signal: AbortSignal.timeout(10_000) })
      .then(async (response) => {
        await response.body?.cancel()
        if (!response.ok)
          logger.warn({ status: response.status }, 'legacy registration answered an error')
      })
      .catch((err: unknown) => logger.warn({ err }, 'legacy registration failed'))
  },
})
