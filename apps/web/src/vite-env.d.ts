/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SALES_BOOKING_URL?: string
  readonly VITE_STORE_APPLE_URL?: string
  readonly VITE_STORE_GOOGLE_URL?: string
  readonly VITE_SUPPORT_EMAIL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
