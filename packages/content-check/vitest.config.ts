import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'content-check',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../test/fail-on-console-error.ts'],
    // Room for a saturated machine (docs/decisions/0064-drill-findings-busy-tests.md).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
