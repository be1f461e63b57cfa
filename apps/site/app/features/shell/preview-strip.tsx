import { env } from '#app/config/env.ts'

/** The strip's words; the deploy check looks for them on a preview's pages. */
export const PREVIEW_STRIP_TEXT = 'Сайт готовится к запуску'

/**
 * Tells every visitor of a preview before the launch (docs/decisions/0084-preview-before-the-launch.md)
 * that its facts and entries may still be samples. In the page's flow under the fixed header, so
 * it moves nothing after the first paint; a build for the launch renders nothing here.
 */
export function PreviewStrip() {
  if (!env.preview) return null
  return (
    <p
      role="note"
      className="bg-amber-100 px-4 py-1.5 text-center text-sm font-semibold text-amber-900"
    >
      {PREVIEW_STRIP_TEXT}: на страницах пока могут быть образцы, а не сведения школы.
    </p>
  )
}
