import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'editor',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../test/fail-on-console-error.ts'],
    // One process runs file after file, its modules loaded once: no file here leaves module
    // state, a mock or a stub behind (docs/decisions/0105-the-loops-cost-less-cpu.md).
    isolate: false,
    // These tests run git, sharp and the content check: generous limits so they
    // hold on a saturated machine (docs/decisions/0064-drill-findings-busy-tests.md); they wait on
    // answers, never on sleeps, so a passing test takes no longer.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
