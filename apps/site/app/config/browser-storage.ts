// Every key the site itself keeps in the visitor's browser (docs/behaviour.md, "Browser storage").
// The cookie policy describes each of them from this list, so no key goes unmentioned there.

/**
 * Nunito's files are in this browser's cache. A constant of its own, so the head script that reads
 * it before the first paint (inline-scripts/apply-cached-web-font.ts) carries only the key.
 */
export const FONT_CACHED_KEY = 'fontCached'

export const STORAGE_KEYS = {
  cookieAccepted: 'cookieAccepted',
  trialPopupDismissedAt: 'trial_popup_dismissed_at',
  fontCached: FONT_CACHED_KEY,
  quizSuggestion: 'quiz_suggested_course',
  quizPromo: 'quiz_promo',
  firstSource: 'lead_source_first',
  visitSource: 'lead_source_visit',
} as const

export type StorageKeyName = keyof typeof STORAGE_KEYS
