// Nunito is drawn only once the browser has it cached (docs/performance.md, "Fonts"):
// a first visit paints and stays in the local font resized to Nunito's metrics (app/nunito.css),
// fetching no font before its first paint; once the page is idle it downloads the Nunito files the
// page's text needs and leaves a mark, so the next page load paints in Nunito from the cache (the
// head script inline-scripts/apply-cached-web-font.ts reads the mark).
import { FONT_CACHED_KEY } from '#app/config/browser-storage.ts'
import { afterInteractive } from './after-interactive'
import { readStorage, writeStorage } from './safe-storage'

/** The family of the web font faces (app/nunito.css). */
const WEB_FONT_FAMILY = 'Nunito Variable'

type Connection = { saveData?: boolean }

/**
 * After the page is idle, loads the Nunito faces the page's text needs into the cache and leaves
 * the mark. Loading a face does not draw it: this page keeps its font, so nothing moves. Skipped
 * when the mark is there or the visitor asked to save data.
 */
export function cacheWebFontForNextVisit(): void {
  if (readStorage(FONT_CACHED_KEY) !== null) return
  if ((navigator as Navigator & { connection?: Connection }).connection?.saveData) return
  afterInteractive(() => {
    document.fonts
      .load(`1em "${WEB_FONT_FAMILY}"`, document.body.textContent ?? '')
      .then((faces) => {
        if (faces.length > 0) writeStorage(FONT_CACHED_KEY, 'true')
      })
      // A failed download leaves no mark; the next visit tries again.
      .catch(() => {})
  })
}
