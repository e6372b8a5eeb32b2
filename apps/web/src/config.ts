/**
 * Links the landing page points to: the store links and the sales booking link come from config
 * (docs/behaviour.md, "Links from configuration"). Set at build time through Vite's env (VITE_*); the defaults are the public stores'
 * search pages, so a build without configuration still has working buttons.
 */
const read = (value: string | undefined, fallback: string): string =>
  value !== undefined && value.trim() !== '' ? value.trim() : fallback

export const appConfig = {
  appName: 'Palabre',
  salesBookingUrl: read(import.meta.env.VITE_SALES_BOOKING_URL, 'mailto:sales@palabre.app'),
  appleStoreUrl: read(
    import.meta.env.VITE_STORE_APPLE_URL,
    'https://apps.apple.com/search?term=palabre',
  ),
  googleStoreUrl: read(
    import.meta.env.VITE_STORE_GOOGLE_URL,
    'https://play.google.com/store/search?q=palabre&c=apps',
  ),
  supportEmail: read(import.meta.env.VITE_SUPPORT_EMAIL, 'support@palabre.app'),
} as const
