// The school's mark as the site's icons (docs/performance.md, "Icons and the manifest"): the
// build writes the files (vite/site-assets.ts), every page links them (root.tsx).
import { brandColors } from './brand.ts'

/** The school's mark (as in app/components/logo.tsx), drawn on a square of `size`. */
export function markSvg(size: number, { rounded = true } = {}): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 36 36">
<rect width="36" height="36" rx="${rounded ? 10 : 0}" fill="${brandColors['brand-500']}"/>
<path d="M14 12l-6 6 6 6M22 12l6 6-6 6" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`
}

/** The icon files the build writes next to the pages, by the paths pages link them at. */
export const iconFiles = {
  /** For search engines, which take a favicon they can fetch (Google: a multiple of 48 px). */
  favicon: '/favicon.ico',
  faviconSize: 48,
  appleTouchIcon: '/apple-touch-icon.png',
} as const
