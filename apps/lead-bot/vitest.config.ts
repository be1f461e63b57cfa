import { defineProject } from 'vitest/config'

// The drills (the service as a process against the machine) run in the root's `drills` project.
const DRILLS = [
  'test/full-disk.test.ts',
  'test/socket-activation.test.ts',
  'test/socket-supervisor.test.ts',
  'test/crash.test.ts',
]

export default defineProject({
  test: {
    name: 'lead-bot',
    environment: 'node',
    include: ['src/**/*.test.ts', 'cli/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: DRILLS,
    setupFiles: ['../../test/fail-on-console-error.ts'],
    // Generous on purpose: these tests start processes, servers and timers, and must hold on a
    // saturated machine (docs/decisions/0064-drill-findings-busy-tests.md). They wait on events
    // and polls, so a passing test takes no longer; only a hung one is cut later.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
