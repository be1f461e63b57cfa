import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from './chromium.ts'
import { BUILD_DIR, LEAD_PORT, SITE_PORT } from './e2e/e2e-env.ts'

// The e2e build (npm run build:e2e) is served exactly as `npm start` serves the site,
// beside the real lead service with a fresh SQLite file and a fake Telegram (e2e/lead-service.ts).

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  // A wait for a file the editor's gateway writes (its content check runs in a process of its
  // own) took over the default 5 s on a busy machine: waits end when met, failures take longer.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${SITE_PORT}`,
    locale: 'ru-RU',
    timezoneId: 'Europe/Astrakhan',
    launchOptions: {
      // Chromium's headless shell: the same engine at half the windowed browser's CPU, so the
      // whole run takes 3.6 min instead of 6.6 (docs/decisions/0105-the-loops-cost-less-cpu.md).
      executablePath: HEADLESS_SHELL_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'node server/main.ts',
      url: `http://127.0.0.1:${SITE_PORT}/`,
      env: { SITE_PORT: String(SITE_PORT), SITE_BUILD_DIR: BUILD_DIR },
      reuseExistingServer: false,
    },
    {
      command: 'node e2e/lead-service.ts',
      url: `http://127.0.0.1:${LEAD_PORT}/health`,
      reuseExistingServer: false,
    },
  ],
})
