import type * as SentryModule from '@sentry/react'
import { env } from '~/config/env'
import { afterInteractive } from './after-interactive'

type Sentry = typeof SentryModule

export type ErrorContext = {
  /** Which form failed: the tag the owner filters by in Sentry. */
  form: 'feedback' | 'trial_lesson_popup'
  extra?: Record<string, unknown>
}

let sentry: Promise<Sentry> | undefined

// Sentry is imported lazily so that it never weighs on the first load.
function loadSentry(dsn: string): Promise<Sentry> {
  sentry ??= import('@sentry/react').then((Sentry) => {
    Sentry.init({
      dsn,
      environment: 'production',
      tracesSampleRate: 0,
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 1,
      // No personal data by default: a parent's name and phone must not leave for Sentry.
      dataCollection: {
        userInfo: false,
        cookies: false,
        httpHeaders: false,
        httpBodies: [],
        urlQueryParams: false,
      },
      // Replays mask all text and inputs by default, which keeps typed names and phones out.
      integrations: [Sentry.replayIntegration()],
    })
    return Sentry
  })
  return sentry
}

/** Starts Sentry after the page is interactive. A no-op without a DSN. */
export function startErrorReporting(): void {
  const dsn = env.sentryDsn
  if (!dsn) return
  afterInteractive(() => void loadSentry(dsn))
}

export function reportError(error: unknown, { form, extra }: ErrorContext): void {
  const dsn = env.sentryDsn
  if (!dsn) return
  void loadSentry(dsn).then((Sentry) => {
    Sentry.captureException(error, { tags: { form }, extra })
  })
}
