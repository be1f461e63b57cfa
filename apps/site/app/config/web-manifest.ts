// Apart from site-icons.ts, which the pages' head also reads: what a route module and the
// page's script both import becomes a chunk of its own, one more request on every page.
/** The web manifest, which the build writes (vite/site-assets.ts) and the page's script links. */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest'
