import { brandColors } from '#app/config/brand.ts'
import { useEffect, type ReactNode } from 'react'
import { Links, Meta, Outlet, Scripts, type LinksFunction } from 'react-router'
import { CookieBanner } from '#app/features/shell/cookie-banner.tsx'
import { Footer } from '#app/features/shell/footer.tsx'
import { Header } from '#app/features/shell/header.tsx'
import { RouteEffects } from '#app/features/shell/route-effects.tsx'
import { TrialPopupLauncher } from '#app/features/trial-popup/trial-popup-launcher.tsx'
import { startAnalytics } from '#app/lib/analytics.ts'
import { replayHeldTap } from '#app/lib/early-taps.ts'
import { cacheWebFontForNextVisit } from '#app/lib/web-font.ts'
import applyCachedWebFont from '#app/inline-scripts/apply-cached-web-font.ts?inline-script'
import holdEarlyTaps from '#app/inline-scripts/hold-early-taps.ts?inline-script'
import appCssUrl from './app.css?url'
import appCss from './app.css?inline'

// No font is preloaded: preloads compete with the HTML and CSS for the first paint. The text is
// drawn in a local font resized to Nunito's metrics, and in Nunito once it is cached (web-font.ts).
export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  // The dev server links the stylesheet, for hot reload; built pages carry it inline.
  ...(import.meta.env.DEV ? [{ rel: 'stylesheet', href: appCssUrl }] : []),
]

// Every built page carries the whole stylesheet (about 8 KB compressed) in a <style>, so its
// first paint waits for no second request (docs/performance.md, "Inline stylesheet"). Only the
// prerender has the text: hydration leaves the <style> as the HTML has it, so the browser keeps
// the rules and the client bundle does not carry them twice. The build hashes it into the CSP.
const inlineCss = import.meta.env.SSR ? appCss : ''

// The head scripts (app/inline-scripts/, bundled at build) likewise: they have run by the time
// React hydrates, and hydration leaves their text as it is. The dev server renders them in the
// browser too, so that its hydration sees what its server wrote.
const withScripts = import.meta.env.SSR || import.meta.env.DEV
const fontScript = withScripts ? applyCachedWebFont : ''
const tapsScript = withScripts ? holdEarlyTaps : ''

export function Layout({ children }: { children: ReactNode }) {
  return (
    // The head script may set `data-font` before React hydrates.
    <html lang="ru" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: fontScript }} />
        <script dangerouslySetInnerHTML={{ __html: tapsScript }} />
        {import.meta.env.DEV ? null : <style dangerouslySetInnerHTML={{ __html: inlineCss }} />}
        <meta name="theme-color" content={brandColors['brand-600']} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  useEffect(() => {
    // Read before anything navigates: the address the visit began at carries its ad tags. The
    // code that keeps them loads on its own, off every page's first load (docs/decisions/0078).
    const [landing, referrer, at] = [new URL(window.location.href), document.referrer, Date.now()]
    import('#app/lib/attribution.ts').then(
      ({ captureVisit }) => captureVisit(landing, referrer, at),
      // Not loaded (offline, a new release): this visit's lead goes without its source.
      () => {},
    )
    startAnalytics()
    cacheWebFontForNextVisit()
    // Marks the page as interactive; end-to-end tests wait for it before they click.
    document.documentElement.dataset.hydrated = 'true'
    replayHeldTap()
  }, [])

  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-bold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Перейти к содержимому
      </a>
      <RouteEffects />
      <Header />
      <main id="main" tabIndex={-1} className="min-h-[70vh] pt-16 outline-none">
        <Outlet />
      </main>
      <Footer />
      <CookieBanner />
      <TrialPopupLauncher />
    </>
  )
}
