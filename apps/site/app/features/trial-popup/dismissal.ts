import { STORAGE_KEYS } from '#app/config/browser-storage.ts'
import { readStorage, writeStorage } from '#app/lib/safe-storage.ts'

// (docs/behaviour.md, "Trial popup")
export const TRIAL_POPUP_DELAY_MS = 40_000
export const TRIAL_POPUP_SUPPRESS_MS = 604_800_000
/** The thank-you view closes itself this long after a lead is sent. */
export const TRIAL_POPUP_SUCCESS_CLOSE_MS = 5_000
const TRIAL_POPUP_DISMISSED_KEY = STORAGE_KEYS.trialPopupDismissedAt

export function dismissedRecently(now: number): boolean {
  const dismissedAt = Number(readStorage(TRIAL_POPUP_DISMISSED_KEY))
  return dismissedAt > 0 && now - dismissedAt < TRIAL_POPUP_SUPPRESS_MS
}

/** Storage failures are ignored: the popup then simply may come back on a later visit. */
export function rememberDismissal(now: number): void {
  writeStorage(TRIAL_POPUP_DISMISSED_KEY, String(now))
}
