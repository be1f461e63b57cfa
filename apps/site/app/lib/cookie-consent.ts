import { STORAGE_KEYS } from '#app/config/browser-storage.ts'
import { readStorage, writeStorage } from './safe-storage'

/** The storage key of the cookie banner's 'Понятно' (spec: cookieAccepted). */
const COOKIE_ACCEPTED_KEY = STORAGE_KEYS.cookieAccepted

/** Whether the visitor pressed 'Понятно' on an earlier visit (false when storage is unreadable). */
export function hasStoredCookieConsent(): boolean {
  return readStorage(COOKIE_ACCEPTED_KEY) === 'true'
}

/** Remembers 'Понятно'; whether it could be stored. */
export function storeCookieConsent(): boolean {
  return writeStorage(COOKIE_ACCEPTED_KEY, 'true')
}
