import { brandColors } from '#app/config/brand.ts'
import { use, type ReactNode } from 'react'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  UNSAFE_FrameworkContext,
  useLocation,
  type LinksFunction,
} from 'react-router'
import { PagePathContext } from '#app/components/page-path.tsx'
import { normalPagePath } from '#app/config/page-path.ts'
import { iconFiles, markSvg } from '#app/config/site-icons.ts'
import { CookieBanner } from '#app/features/shell/cookie-banner.tsx'
import { Footer } from '#app/features/shell/footer.tsx'
import { Header } from '#app/features/shell/header.tsx'
import { PreviewStrip } from '#app/features/shell/preview-strip.tsx'
import { ENTRY_ATTRIBUTE, type PageEntry } from '#app/inline-scripts/page-entry.ts'
import applyCachedWebFont from '#app/inline-scripts/apply-cached-web-font.ts?inline-script'
import holdEarlyTaps from '#app/inline-scripts/hold-early-taps.ts?inline-script'
import loadAfterFirstPaint from '#app/inline-scripts/load-after-first-paint.ts?inline-script'
import { svgDataUrl } from '#app/lib/svg-data-url.ts'
import appCssUrl from './app.css?url'
import appCss from './app.css?inline'

// No font is preloaded: preloads compete with the HTML and CSS for the first paint. The text is
// drawn in a local font resized to Nunito's metrics, and in Nunito once it is cached (web-font.ts).
export const links: LinksFunction = () => [
  // The browser draws the tab's icon from the inline SVG, so it fetches none right after `load`;
  // search engines take the .ico. The manifest is linked after the first paint (page-behaviours.ts).
  {
    rel: 'icon',
    href: iconFiles.favicon,
    sizes: `${iconFiles.faviconSize}x${iconFiles.faviconSize}`,
  },
  { rel: 'icon', href: svgDataUrl(markSvg(36)), type: 'image/svg+xml', sizes: 'any' },
  { rel: 'apple-touch-icon', href: iconFiles.appleTouchIcon },
  // The dev server links the stylesheet, for hot reload; built pages carry it inline.
  ...(import.meta.env.DEV ? [{ rel: 'stylesheet', href: appCssUrl }] : []),
]

// Every built page carries the whole stylesheet (about 9 KB compressed) in a <style>, so its
// first paint waits for no second request (docs/performance.md, "Inline stylesheet"). Only the
// prerender renders it: the browser never renders the document. The build hashes it into the CSP.
const inlineCss = import.meta.env.SSR ? appCss : ''

/**
 * The browser entry (entry.client.ts) and its chunks, from React Router's manifest. The page
 * carries no router of its own: React Router only prerenders it (docs/decisions/0079-light-pages.md).
 */
function usePageEntry(): { entry: PageEntry; spaFallback: boolean } {
  const framework = use(UNSAFE_FrameworkContext)
  if (!framework) throw new Error('the page is rendered outside React Router')
  const { module, imports } = framework.manifest.entry
  return { entry: { module, imports }, spaFallback: framework.isSpaMode }
}

export function Layout({ children }: { children: ReactNode }) {
  const { entry, spaFallback } = usePageEntry()
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: applyCachedWebFont }} />
        <script dangerouslySetInnerHTML={{ __html: holdEarlyTaps }} />
        {/* The dev server loads the entry through the router's scripts (below). */}
        {import.meta.env.DEV ? null : (
          <script
            {...{ [ENTRY_ATTRIBUTE]: JSON.stringify(entry) }}
            dangerouslySetInnerHTML={{ __html: loadAfterFirstPaint }}
          />
        )}
        {import.meta.env.DEV ? null : <style dangerouslySetInnerHTML={{ __html: inlineCss }} />}
        <meta name="theme-color" content={brandColors['brand-600']} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* React Router's build checks that its SPA fallback carries the router's scripts; the
            fallback is never served (vite/post-build.ts deletes it). The dev server needs them
            for hot reload; they import the entry too. */}
        {spaFallback || import.meta.env.DEV ? <Scripts /> : null}
      </body>
    </html>
  )
}

export default function App() {
  return (
    <PagePathContext value={normalPagePath(useLocation().pathname)}>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-bold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Перейти к содержимому
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="min-h-[70vh] pt-16 outline-none">
        <PreviewStrip />
        <Outlet />
      </main>
      <Footer />
      <CookieBanner />
    </PagePathContext>
  )
}
