// Public build settings (see build-settings.ts), baked in by Vite's `define`. Only the values
// reach the browser, under these names: the variables' own names stay out of the bundle.
export const env = {
  siteUrl: import.meta.env.SITE_URL,
  leadApiUrl: import.meta.env.LEAD_API_URL,
  /** A preview before the launch (docs/decisions/0084-preview-before-the-launch.md). */
  preview: import.meta.env.SITE_PREVIEW,
  metrikaId: import.meta.env.YANDEX_METRIKA_ID,
  sentryDsn: import.meta.env.SENTRY_DSN,
  sentryCountry: import.meta.env.SENTRY_COUNTRY,
  telegramNotify: import.meta.env.TELEGRAM_NOTIFY,
  retentionDays: import.meta.env.LEADS_RETENTION_DAYS,
  leadChannels: import.meta.env.LEAD_CHANNELS,
  /** Version of the consent document the forms send with each lead (computed by the build). */
  consentVersion: import.meta.env.CONSENT_VERSION,
}
