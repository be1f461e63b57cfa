import { defineProject } from 'vitest/config'
import { defineBuildSettings, readBuildSettings } from './build-settings.ts'
import { consentVersion } from './scripts/consent-version.ts'
import { contentPlugin, readBuildContent } from './scripts/content-plugin.ts'

const settings = readBuildSettings({
  SITE_URL: 'https://itlab.example',
  LEAD_API_URL: 'http://lead.test',
})

export default defineProject({
  // The content as the build bakes it (scripts/content-plugin.ts).
  plugins: [contentPlugin(await readBuildContent())],
  define: {
    ...defineBuildSettings(settings),
    'import.meta.env.CONSENT_VERSION': JSON.stringify(consentVersion(settings)),
  },
  test: {
    name: 'site',
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', '*.test.ts'],
    setupFiles: ['../../test/fail-on-console-error.ts', './test/setup.ts'],
  },
})
