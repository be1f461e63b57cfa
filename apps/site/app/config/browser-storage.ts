// Every key the site itself keeps in the visitor's browser (docs/behaviour.md, "Browser storage").
// The cookie policy describes each of them from this list, so no key goes unmentioned there.
export const STORAGE_KEYS = {
  cookieAccepted: 'cookieAccepted',
  trialPopupDismissedAt: 'trial_popup_dismissed_at',
  fontCached: 'fontCached',
  quizSuggestion: 'quiz_suggested_course',
} as const

export type StorageKeyName = keyof typeof STORAGE_KEYS
