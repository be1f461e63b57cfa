/// <reference types="vite/client" />
import type { BuildSettings } from '../build-settings'
import type { SchoolFacts } from './config/school-facts-schema'

// The build settings Vite's `define` bakes in (see build-settings.ts and vite.config.ts).
declare global {
  /** The school's facts as the build parsed them (config/school.ts); undefined in Node. */
  const __SCHOOL_FACTS__: SchoolFacts | undefined
  /** The digits of every amount the content shows, formatted by the build ('4 500' for 4500). */
  const __PRICE_TEXTS__: Readonly<Partial<Record<number, string>>>

  interface ImportMetaEnv extends Readonly<BuildSettings> {
    /** 'YYYY-MM-DD.hhhhhhhh': the consent document's effective date and text hash. */
    readonly CONSENT_VERSION: string
  }
}
