import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'lead-bot',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../test/fail-on-console-error.ts'],
    testTimeout: 30_000,
  },
})
