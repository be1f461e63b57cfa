import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'
import { defineBuildSettings } from './build-settings.ts'

export default defineProject({
  define: defineBuildSettings({
    SITE_URL: 'https://itlab.example',
    LEAD_API_URL: 'http://lead.test',
    YANDEX_METRIKA_ID: '',
    SENTRY_DSN: '',
  }),
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    name: 'site',
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['../../test/fail-on-console-error.ts', './test/setup.ts'],
  },
})
