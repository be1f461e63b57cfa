// Runs in the head before the first paint (root.tsx inlines it): with the mark that Nunito's files
// are in this browser's cache (lib/web-font.ts), `<html data-font="nunito">` puts Nunito first in
// the font stack (app.css).
import { FONT_CACHED_KEY } from '#app/config/browser-storage.ts'

try {
  if (localStorage.getItem(FONT_CACHED_KEY) === 'true') {
    document.documentElement.dataset.font = 'nunito'
  }
} catch {
  // Storage that cannot be read (a privacy mode): the page keeps the local font.
}
