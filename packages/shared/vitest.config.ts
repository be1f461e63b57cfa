import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'shared',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../test/fail-on-console-error.ts'],
    // One process runs file after file, its modules loaded once: no file here leaves module
    // state, a mock or a stub behind (docs/decisions/0102-a-check-loop-under-a-minute.md).
    isolate: false,
    // Room for a saturated machine (docs/decisions/0064-drill-findings-busy-tests.md).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
