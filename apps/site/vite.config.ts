import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { checkedSchoolFacts } from './app/config/school.ts'
import { defineBuildSettings, readBuildSettings } from './vite/build-settings.ts'
import { consentVersion } from './vite/consent-version.ts'
import { contentPlugin, readBuildContent } from './vite/content-plugin.ts'
import { inlineScripts } from './vite/inline-script.ts'

// Reading the settings, the school's facts and the content here fails the build at once, naming
// any bad variable, fact or content file (and the field, and the rule).
const settings = readBuildSettings()
const content = await readBuildContent()

export default defineConfig({
  plugins: [tailwindcss(), contentPlugin(content), reactRouter(), inlineScripts()],
  define: {
    ...defineBuildSettings(settings),
    'import.meta.env.CONSENT_VERSION': JSON.stringify(consentVersion(settings)),
    // Parsed once here, in Node (config/school.ts); the bundles never parse them again.
    __SCHOOL_FACTS__: JSON.stringify(checkedSchoolFacts),
  },
  // Images stay files: inlined into JavaScript they would weigh on the first load.
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // V8's explicit compile hint: every function of a chunk is compiled at once, mostly on the
        // streaming thread while the file downloads, instead of one by one on the main thread the
        // first time each runs during hydration (docs/performance.md, "Every chunk compiled at
        // once").
        postBanner: '//# allFunctionsCalledOnLoad',
        // Fewer, larger chunks: on a phone's connection each extra request costs a round trip.
        // What every page runs (the browser entry's own imports) is one chunk; React, React DOM
        // and the scheduler load together, and only with an island (docs/decisions/0079-light-pages.md).
        // React Router's client code is built but never loaded.
        codeSplitting: {
          groups: [
            {
              name: 'page',
              test: /app[\\/](lib[\\/](analytics|cookie-consent|early-taps|web-font|safe-storage|after-interactive|phone-device)|config[\\/](env|browser-storage|page-path)|features[\\/]trial-popup[\\/]dismissal)\.ts$/,
            },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
})
