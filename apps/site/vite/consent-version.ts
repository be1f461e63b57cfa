import { createHash } from 'node:crypto'
import type { BuildSettings } from './build-settings.ts'
import { school } from '#app/config/school.ts'
import { consentDocument } from '#app/content/policies/consent.ts'
import {
  policyContext,
  type PolicyContext,
  type PolicySettings,
} from '#app/content/policies/policy-context.ts'
import { policyPlainText } from '#app/content/policies/policy-document.ts'

/**
 * The consent version sent with each lead: the consent document's effective date, a dot, and the
 * first 8 hex digits of the SHA-256 of its text as this build shows it ('2025-09-01.1a2b3c4d').
 * Any change of the text (operator, recipients, retention) gives a new version.
 */
export function consentVersionOf(ctx: PolicyContext): string {
  const text = policyPlainText(consentDocument(ctx))
  const hash = createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 8)
  return `${ctx.effectiveDate}.${hash}`
}

/** The settings the texts depend on, as the client names them (app/config/env.ts). */
export function policySettingsOf(settings: BuildSettings): PolicySettings {
  return {
    siteUrl: settings.SITE_URL,
    metrikaId: settings.YANDEX_METRIKA_ID,
    sentryDsn: settings.SENTRY_DSN,
    sentryCountry: settings.SENTRY_COUNTRY,
    telegramNotify: settings.TELEGRAM_NOTIFY,
    retentionDays: settings.LEADS_RETENTION_DAYS,
    leadChannels: settings.LEAD_CHANNELS,
  }
}

/** The version for this build's facts and settings. */
export function consentVersion(settings: BuildSettings): string {
  return consentVersionOf(policyContext(school, policySettingsOf(settings)))
}
