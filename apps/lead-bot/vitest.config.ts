import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'lead-bot',
    environment: 'node',
    include: ['src/**/*.test.ts', 'cli/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../test/fail-on-console-error.ts'],
    // Generous on purpose: these tests start processes, servers and timers, and must hold on a
    // saturated machine (docs/decisions/0064-drill-findings-busy-tests.md). They wait on events
    // and polls, so a passing test takes no longer; only a hung one is cut later.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
