import type { BuildSettings } from '../../build-settings.ts'

// Public build settings (see build-settings.ts), baked in by Vite's `define`.
export const buildSettings: BuildSettings = {
  SITE_URL: import.meta.env.SITE_URL,
  LEAD_API_URL: import.meta.env.LEAD_API_URL,
  YANDEX_METRIKA_ID: import.meta.env.YANDEX_METRIKA_ID,
  SENTRY_DSN: import.meta.env.SENTRY_DSN,
  TELEGRAM_NOTIFY: import.meta.env.TELEGRAM_NOTIFY,
  LEADS_RETENTION_DAYS: import.meta.env.LEADS_RETENTION_DAYS,
}

export const env = {
  siteUrl: buildSettings.SITE_URL,
  leadApiUrl: buildSettings.LEAD_API_URL,
  metrikaId: buildSettings.YANDEX_METRIKA_ID,
  sentryDsn: buildSettings.SENTRY_DSN,
  /** Version of the consent document the forms send with each lead (computed by the build). */
  consentVersion: import.meta.env.CONSENT_VERSION,
}
