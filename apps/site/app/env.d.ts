/// <reference types="vite/client" />
import type { BuildSettings } from '../build-settings'

// The build settings Vite's `define` bakes in (see build-settings.ts and vite.config.ts).
declare global {
  interface ImportMetaEnv extends Readonly<BuildSettings> {
    /** 'YYYY-MM-DD.hhhhhhhh': the consent document's effective date and text hash. */
    readonly CONSENT_VERSION: string
    /** The digits of every amount the content shows, formatted at build ('4 500' for 4500). */
    readonly PRICE_TEXTS: Readonly<Partial<Record<number, string>>>
  }
}
