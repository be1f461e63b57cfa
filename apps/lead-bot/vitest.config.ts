import { defineProject } from 'vitest/config'

// The drills (the service as a process against the machine) run in the root's `drills` project.
const DRILLS = [
  'test/full-disk.test.ts',
  'test/socket-activation.test.ts',
  'test/socket-supervisor.test.ts',
  'test/crash.test.ts',
]

// The files that mock `@it-lab/shared` (a made-up group the school's own content may lack) run
// in vitest.mocked.config.ts, each in a process of its own.
export const MOCKED = ['src/app.test.ts', 'src/telegram.test.ts', 'cli/report.test.ts']

export const project = {
  environment: 'node' as const,
  setupFiles: ['../../test/fail-on-console-error.ts'],
  // Generous on purpose: these tests start processes, servers and timers, and must hold on a
  // saturated machine (docs/decisions/0064-drill-findings-busy-tests.md). They wait on events
  // and polls, so a passing test takes no longer; only a hung one is cut later.
  testTimeout: 120_000,
  hookTimeout: 120_000,
}

export default defineProject({
  test: {
    ...project,
    name: 'lead-bot',
    include: ['src/**/*.test.ts', 'cli/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...DRILLS, ...MOCKED],
    // One process runs file after file, its modules loaded once: no file here leaves module
    // state, a mock or a stub behind (docs/decisions/0105-the-loops-cost-less-cpu.md).
    isolate: false,
  },
})
