import { defineProject } from 'vitest/config'
import { define, plugins } from './vitest.config.ts'

// The site's components, rendered in jsdom with Testing Library.
export default defineProject({
  define,
  plugins,
  test: {
    name: 'site-dom',
    environment: 'jsdom',
    // One jsdom per worker instead of one per file, each file still in its own context.
    pool: 'vmThreads',
    include: ['app/**/*.test.tsx'],
    setupFiles: ['../../test/fail-on-console-error.ts', './test/setup.ts'],
    // Room for a saturated machine (docs/decisions/0064-drill-findings-busy-tests.md).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
