// Web Storage can throw (privacy modes, blocked storage, full quota); the site must work anyway.

/** localStorage keeps a value across visits; sessionStorage only for this visit (this tab). */
export type StorageArea = 'localStorage' | 'sessionStorage'

/** The stored value, `null` when absent, or `undefined` when storage cannot be read. */
export function readStorage(
  key: string,
  area: StorageArea = 'localStorage',
): string | null | undefined {
  try {
    return window[area].getItem(key)
  } catch {
    return undefined
  }
}

/** Whether the value was stored. */
export function writeStorage(
  key: string,
  value: string,
  area: StorageArea = 'localStorage',
): boolean {
  try {
    window[area].setItem(key, value)
    return true
  } catch {
    return false
  }
}

/** Forgets the key; a failure is ignored, as every storage failure is. */
export function removeStorage(key: string, area: StorageArea = 'localStorage'): void {
  try {
    window[area].removeItem(key)
  } catch {
    // Storage cannot be written: the value stays, and is ignored as it was.
  }
}
