import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { checkedSchoolFacts } from './app/config/school.ts'
import { defineBuildSettings, readBuildSettings } from './build-settings.ts'
import { consentVersion } from './scripts/consent-version.ts'
import { contentPlugin, readBuildContent } from './scripts/content-plugin.ts'
import { inlineScripts } from './scripts/inline-script.ts'

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
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
            },
            // Not the visit's source (lib/attribution.ts and shared/lead-source.ts): it runs once
            // the page is interactive and when a lead is sent, so it loads on its own, off every
            // page's first load.
            {
              name: 'app',
              test: /app[\\/](lib(?![\\/]attribution)|config|components|content[\\/](courses|announcements)|features[\\/](shell|contact-form|announcements)|sections[\\/]contact)|packages[\\/]shared(?![\\/]src[\\/]lead-source)|node_modules[\\/](zod|lucide-react)[\\/]/,
            },
          ],
        },
      },
    },
  },
})
