import type * as SentryModule from '@sentry/react'
import { env } from '#app/config/env.ts'

type Sentry = typeof SentryModule

export type ErrorContext = {
  /** Which form failed: the tag the owner filters by in Sentry. */
  form: 'feedback' | 'trial_lesson_popup'
  extra?: Record<string, unknown>
}

let sentry: Promise<Sentry> | undefined

// Sentry starts only when a lead could not be sent, and sends only that error: nothing leaves the
// browser before, no other error, no session, no replay, nothing kept in the browser
// (docs/decisions/0026-sentry-only-on-a-send-error.md). The import is lazy, so it never weighs on
// a page's load either.
function loadSentry(dsn: string): Promise<Sentry> {
  sentry ??= import('@sentry/react').then((Sentry) => {
    Sentry.init({
      dsn,
      environment: 'production',
      tracesSampleRate: 0,
      // No global error handlers, breadcrumbs or session pings: only what reportError captures.
      defaultIntegrations: false,
      integrations: [
        Sentry.linkedErrorsIntegration(),
        Sentry.dedupeIntegration(),
        // The page's URL (the site's URLs carry no personal data); headers are not collected.
        Sentry.httpContextIntegration(),
      ],
      // No personal data: a parent's name and phone must not leave for Sentry.
      dataCollection: {
        userInfo: false,
        cookies: false,
        httpHeaders: false,
        httpBodies: [],
        urlQueryParams: false,
      },
    })
    return Sentry
  })
  // A failed load (the network that lost the lead may be down) is retried with the next error.
  sentry.catch(() => {
    sentry = undefined
  })
  return sentry
}

/** Reports a lead that could not be sent. A no-op without a DSN; never throws. */
export function reportError(error: unknown, { form, extra }: ErrorContext): void {
  const dsn = env.sentryDsn
  if (!dsn) return
  loadSentry(dsn).then(
    (Sentry) => Sentry.captureException(error, { tags: { form }, extra }),
    () => {},
  )
}
