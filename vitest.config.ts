import path from 'node:path'
import { defineConfig } from 'vitest/config'

// Every Node process the tests start (Vitest's workers, the lead service, the CLIs) reuses the code
// V8 compiled the last time from one cache on disk: about a sixth of the unit tests' CPU
// (docs/decisions/0105-the-loops-cost-less-cpu.md).
process.env.NODE_COMPILE_CACHE ??= path.join(
  import.meta.dirname,
  'node_modules/.cache/node-compile',
)

// One runner for the whole workspace; each package is a project with its own environment.
// `npm run test:unit` runs 4 files at once on any machine: most of the lead service's test time is
// spent waiting on the processes, timers and sockets it tests, not on the CPU. Each project's time
// limits leave room for a saturated machine (docs/decisions/0064-drill-findings-busy-tests.md).
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'packages/content-check',
      'apps/lead-bot',
      'apps/lead-bot/vitest.mocked.config.ts',
      'apps/editor',
      'deploy',
      'apps/site/vitest.config.ts',
      'apps/site/vitest.dom.config.ts',
      // The drills: tests whose cost is the machine, not the code: the lead service as a process
      // against the OS (a full tmpfs, socket activation, a supervisor, a crash) and a camera
      // photo encoded into every width. `npm test` and CI run them after `npm run check`, the
      // loop of a minute, which leaves them out (docs/decisions/0100-a-house-by-trade.md). They run
      // all at once (`npm run test:drills`): most of their time is spent waiting on the processes.
      {
        test: {
          name: 'drills',
          include: [
            'apps/lead-bot/test/{full-disk,socket-activation,socket-supervisor,crash}.test.ts',
            'apps/site/vite/responsive-images.test.ts',
          ],
          setupFiles: ['test/fail-on-console-error.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      // Checks of the workspace as a whole (the import boundaries) and of its tools, in Node.
      {
        test: {
          name: 'workspace',
          include: ['test/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['test/fail-on-console-error.ts'],
          // One process runs file after file, its modules loaded once: no file here leaves module
          // state, a mock or a stub behind (docs/decisions/0102-a-check-loop-under-a-minute.md).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
