// Debian's Chromium, as Playwright and Lighthouse launch it here (no browser download works).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Debian's build of the same Chromium without a browser window (`chromium-headless-shell`): the
 * end-to-end tests and the speed measurements load pages in it, so the desktop browser's own
 * interface does not take the page's CPU (docs/performance.md, "Chromium's headless shell").
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'

/** Without the background-networking flags Chromium keeps dialling Google on a closed network. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
