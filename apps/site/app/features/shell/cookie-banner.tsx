import { useState, useSyncExternalStore } from 'react'
import { Link } from 'react-router'
import { loadAnalytics } from '#app/lib/analytics.ts'
import { hasStoredCookieConsent, storeCookieConsent } from '#app/lib/cookie-consent.ts'
import { paths } from '#app/config/paths.ts'

const subscribeNever = () => () => {}
// Shown when the flag is absent or storage cannot be read (docs/behaviour.md, "Cookie banner").
const needsConsent = () => !hasStoredCookieConsent()
// The prerendered HTML cannot know the visitor's storage: the banner appears after hydration.
const needsConsentOnServer = () => false

export function CookieBanner() {
  const storageNeedsConsent = useSyncExternalStore(
    subscribeNever,
    needsConsent,
    needsConsentOnServer,
  )
  const [accepted, setAccepted] = useState(false)

  if (!storageNeedsConsent || accepted) return null

  const accept = () => {
    // If storing fails the banner still hides, and analytics runs, for this visit.
    storeCookieConsent()
    setAccepted(true)
    // Pressing 'Понятно' is the consent to analytics cookies (cookie policy, section 7).
    loadAnalytics()
  }

  // Compact, and in the corner from the tablet width up: it never covers the first screen's calls
  // to action (docs/behaviour.md, "Cookie banner").
  return (
    <section
      aria-label="Уведомление о cookie"
      className="fixed inset-x-0 bottom-0 z-30 p-2 sm:left-auto sm:max-w-md sm:p-4"
    >
      <div className="flex items-center gap-3 rounded-2xl bg-slate-900 px-4 py-3 text-sm text-white shadow-xl sm:px-5 sm:py-4 sm:text-base">
        <p>
          Мы используем cookie, чтобы улучшать работу сайта.{' '}
          <Link to={paths.cookiePolicy} className="text-accent-400 underline underline-offset-4">
            как это работает?
          </Link>
        </p>
        <button
          type="button"
          onClick={accept}
          className="min-h-11 shrink-0 rounded-xl bg-accent-500 px-4 py-2 font-bold text-slate-900 hover:bg-accent-400 sm:px-5"
        >
          Понятно
        </button>
      </div>
    </section>
  )
}
