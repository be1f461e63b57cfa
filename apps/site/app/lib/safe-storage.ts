// localStorage can throw (privacy modes, blocked storage, full quota); the site must work anyway.

/** The stored value, `null` when absent, or `undefined` when storage cannot be read. */
export function readStorage(key: string): string | null | undefined {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return undefined
  }
}

/** Whether the value was stored. */
export function writeStorage(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value)
    return true
  } catch {
    return false
  }
}
