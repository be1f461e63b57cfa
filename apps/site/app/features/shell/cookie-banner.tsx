import { useState, useSyncExternalStore } from 'react'
import { Link } from 'react-router'
import { loadAnalytics } from '~/lib/analytics'
import { hasStoredCookieConsent, storeCookieConsent } from '~/lib/cookie-consent'
import { paths } from '~/config/paths'

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

  return (
    <section aria-label="Уведомление о cookie" className="fixed inset-x-0 bottom-0 z-30 p-3 sm:p-4">
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-3 rounded-2xl bg-slate-900 px-5 py-4 text-white shadow-xl sm:flex-row sm:items-center sm:justify-between">
        <p>
          Мы используем cookie, чтобы улучшать работу сайта.{' '}
          <Link to={paths.cookiePolicy} className="text-accent-400 underline underline-offset-4">
            как это работает?
          </Link>
        </p>
        <button
          type="button"
          onClick={accept}
          className="shrink-0 rounded-xl bg-accent-500 px-5 py-2 font-bold text-slate-900 hover:bg-accent-400"
        >
          Понятно
        </button>
      </div>
    </section>
  )
}
