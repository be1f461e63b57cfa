import { brandColors } from '~/config/brand'
import { useEffect, type ReactNode } from 'react'
import { Links, Meta, Outlet, Scripts, type LinksFunction } from 'react-router'
import { CookieBanner } from '~/features/shell/cookie-banner'
import { Footer } from '~/features/shell/footer'
import { Header } from '~/features/shell/header'
import { RouteEffects } from '~/features/shell/route-effects'
import { TrialPopupLauncher } from '~/features/trial-popup/trial-popup-launcher'
import { startAnalytics } from '~/lib/analytics'
import { startErrorReporting } from '~/lib/error-reporting'
import './app.css'

// No font is preloaded: preloads compete with the HTML and CSS for the first paint, and the text
// is drawn at once in a local font resized to Nunito's metrics (app.css), so the swap moves nothing.
export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
]

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
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
    startAnalytics()
    startErrorReporting()
    // Marks the page as interactive; end-to-end tests wait for it before they click.
    document.documentElement.dataset.hydrated = 'true'
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
