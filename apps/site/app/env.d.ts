/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly SITE_URL: string
  readonly LEAD_API_URL: string
  readonly YANDEX_METRIKA_ID: string
  readonly SENTRY_DSN: string
}
