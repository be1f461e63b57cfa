import { defineProject } from 'vitest/config'
import { defineBuildSettings, readBuildSettings } from './vite/build-settings.ts'
import { consentVersion } from './vite/consent-version.ts'
import { contentPlugin, readBuildContent } from './vite/content-plugin.ts'

const settings = readBuildSettings({
  SITE_URL: 'https://itlab.example',
  LEAD_API_URL: 'http://lead.test',
})

// The build-time constants the app reads, as a test build would set them, and the content as the
// build bakes it (vite/content-plugin.ts); vitest.dom.config.ts uses both too.
export const define = {
  ...defineBuildSettings(settings),
  'import.meta.env.CONSENT_VERSION': JSON.stringify(consentVersion(settings)),
}
export const plugins = [contentPlugin(await readBuildContent())]

// Everything but components runs in Node (data, scripts, the server, pure logic), where a test
// file starts in a fraction of jsdom's time; a .test.ts file that needs a document says so with a
// `// @vitest-environment jsdom` line. Components render in vitest.dom.config.ts.
export default defineProject({
  define,
  plugins,
  test: {
    name: 'site',
    environment: 'node',
    include: [
      'app/**/*.test.ts',
      'admin/**/*.test.ts',
      'server/**/*.test.ts',
      'vite/**/*.test.ts',
      'bench/**/*.test.ts',
      'guide-pictures/**/*.test.ts',
      'release/**/*.test.ts',
      '*.test.ts',
    ],
    // Encoding a camera photo into every width runs in the root's `drills` project.
    exclude: ['vite/responsive-images.test.ts', '**/node_modules/**'],
    setupFiles: ['../../test/fail-on-console-error.ts'],
    // One process runs file after file, its modules loaded once: no file here leaves module
    // state, a mock or a stub behind (docs/decisions/0102-a-check-loop-under-a-minute.md).
    isolate: false,
    // Room for a saturated machine (docs/decisions/0064-drill-findings-busy-tests.md).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
