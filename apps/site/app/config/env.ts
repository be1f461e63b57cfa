// Public build settings (see build-settings.ts), typed once for the app.
export const env = {
  siteUrl: import.meta.env.SITE_URL,
  leadApiUrl: import.meta.env.LEAD_API_URL,
  metrikaId: import.meta.env.YANDEX_METRIKA_ID,
  sentryDsn: import.meta.env.SENTRY_DSN,
}
