// Nunito is drawn only once the browser has it cached (docs/decisions/0031-fonts.md):
// a first visit paints and stays in the local font resized to Nunito's metrics (app/nunito.css),
// fetching no font before its first paint; once the page is idle it downloads the Nunito files the
// page's text needs and leaves a mark, so the next page load paints in Nunito from the cache.
import { STORAGE_KEYS } from '#app/config/browser-storage.ts'
import { afterInteractive } from './after-interactive'
import { readStorage, writeStorage } from './safe-storage'

/** The localStorage mark: Nunito's files are in this browser's cache. */
export const WEB_FONT_CACHED_KEY = STORAGE_KEYS.fontCached

/** The family of the web font faces (app/nunito.css). */
const WEB_FONT_FAMILY = 'Nunito Variable'

/**
 * Runs in the head before the first paint: with the mark, `<html data-font="nunito">` puts Nunito
 * first in the font stack (app.css). An inline script, so the build hashes it into the CSP.
 */
export const APPLY_CACHED_WEB_FONT = `try{if(localStorage.getItem("${WEB_FONT_CACHED_KEY}")==="true")document.documentElement.dataset.font="nunito"}catch{}`

type Connection = { saveData?: boolean }

/**
 * After the page is idle, loads the Nunito faces the page's text needs into the cache and leaves
 * the mark. Loading a face does not draw it: this page keeps its font, so nothing moves. Skipped
 * when the mark is there or the visitor asked to save data.
 */
export function cacheWebFontForNextVisit(): void {
  if (readStorage(WEB_FONT_CACHED_KEY) !== null) return
  if ((navigator as Navigator & { connection?: Connection }).connection?.saveData) return
  afterInteractive(() => {
    document.fonts
      .load(`1em "${WEB_FONT_FAMILY}"`, document.body.textContent ?? '')
      .then((faces) => {
        if (faces.length > 0) writeStorage(WEB_FONT_CACHED_KEY, 'true')
      })
      // A failed download leaves no mark; the next visit tries again.
      .catch(() => {})
  })
}
