/// <reference types="vite/client" />

// The build settings Vite's `define` bakes in (see build-settings.ts and vite.config.ts).
interface ImportMetaEnv extends Readonly<import('../build-settings').BuildSettings> {
  /** 'YYYY-MM-DD.hhhhhhhh': the consent document's effective date and text hash. */
  readonly CONSENT_VERSION: string
}
