import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'deploy',
    environment: 'node',
    include: ['cli/**/*.test.ts', 'lib/**/*.test.ts', 'checks/**/*.test.ts'],
    setupFiles: ['../test/fail-on-console-error.ts'],
    // One process runs file after file, its modules loaded once: no file here leaves module
    // state, a mock or a stub behind (docs/decisions/0102-a-check-loop-under-a-minute.md).
    isolate: false,
    // These tests run git, processes and locks: generous limits so they hold on a saturated
    // machine (docs/decisions/0064-drill-findings-busy-tests.md); a passing test takes no longer.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
