// Build-time settings baked into the client bundle. Only public values belong here:
// secrets and the lead service's own settings never reach the browser.
export type BuildSettings = {
  SITE_URL: string
  LEAD_API_URL: string
  YANDEX_METRIKA_ID: string
  SENTRY_DSN: string
}

export function readBuildSettings(env: NodeJS.ProcessEnv = process.env): BuildSettings {
  return {
    SITE_URL: (env.SITE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''),
    LEAD_API_URL: (env.LEAD_API_URL ?? 'http://127.0.0.1:3001').replace(/\/+$/, ''),
    YANDEX_METRIKA_ID: env.YANDEX_METRIKA_ID ?? '',
    SENTRY_DSN: env.SENTRY_DSN ?? '',
  }
}

/** Vite `define` entries exposing the settings as `import.meta.env.*`. */
export function defineBuildSettings(settings = readBuildSettings()): Record<string, string> {
  return Object.fromEntries(
    Object.entries(settings).map(([key, value]) => [
      `import.meta.env.${key}`,
      JSON.stringify(value),
    ]),
  )
}
