import { defineConfig } from 'vitest/config'

// One runner for the whole workspace; each package is a project with its own environment.
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/lead-bot',
      'apps/site/vitest.config.ts',
      'apps/site/vitest.dom.config.ts',
      // Checks of the workspace as a whole (the import boundaries), in Node.
      {
        test: {
          name: 'workspace',
          include: ['test/**/*.test.ts'],
          setupFiles: ['test/fail-on-console-error.ts'],
        },
      },
    ],
  },
})
