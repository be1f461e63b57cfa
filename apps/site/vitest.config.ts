import { defineProject } from 'vitest/config'
import { defineBuildSettings, readBuildSettings } from './build-settings.ts'
import { consentVersion } from './scripts/consent-version.ts'
import { definePriceTexts } from './scripts/price-texts.ts'

const settings = readBuildSettings({
  SITE_URL: 'https://itlab.example',
  LEAD_API_URL: 'http://lead.test',
})

export default defineProject({
  define: {
    ...defineBuildSettings(settings),
    'import.meta.env.CONSENT_VERSION': JSON.stringify(consentVersion(settings)),
    ...definePriceTexts(),
  },
  test: {
    name: 'site',
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', '*.test.ts'],
    setupFiles: ['../../test/fail-on-console-error.ts', './test/setup.ts'],
  },
})
