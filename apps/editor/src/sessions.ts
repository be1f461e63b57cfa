import { randomBytes } from 'node:crypto'

// Sessions live in the gateway's memory only: a restart logs the owner out, which costs her one
// login and keeps no secret on disk (docs/decisions/0065-editor-on-the-school-server.md).

/** How long a login lasts: a working day. */
export const SESSION_MS = 12 * 60 * 60 * 1000

export class Sessions {
  readonly #expiries = new Map<string, number>()
  readonly #now: () => number

  constructor(now: () => number = Date.now) {
    this.#now = now
  }

  /** A new session's token (256 random bits). */
  create(): string {
    this.#prune()
    const token = randomBytes(32).toString('base64url')
    this.#expiries.set(token, this.#now() + SESSION_MS)
    return token
  }

  isValid(token: string | undefined): boolean {
    if (token === undefined) return false
    const expiry = this.#expiries.get(token)
    if (expiry === undefined) return false
    if (expiry > this.#now()) return true
    this.#expiries.delete(token)
    return false
  }

  end(token: string | undefined): void {
    if (token !== undefined) this.#expiries.delete(token)
  }

  #prune(): void {
    const now = this.#now()
    for (const [token, expiry] of this.#expiries) if (expiry <= now) this.#expiries.delete(token)
  }
}

/** Wrong passwords allowed per address within the window; the next attempt is refused (429). */
const FAILURES_ALLOWED = 5
export const FAILURE_WINDOW_MS = 15 * 60 * 1000

/** Wrong passwords per address over the last 15 minutes. */
export class LoginFailures {
  readonly #times = new Map<string, number[]>()
  readonly #now: () => number

  constructor(now: () => number = Date.now) {
    this.#now = now
  }

  /** Whether this address has used up its attempts; then not even a right password is tried. */
  isBlocked(address: string): boolean {
    return this.#recent(address).length >= FAILURES_ALLOWED
  }

  record(address: string): void {
    // Many addresses guessing at once cannot grow the table past the window.
    if (this.#times.size > 10_000) for (const known of [...this.#times.keys()]) this.#recent(known)
    this.#times.set(address, [...this.#recent(address), this.#now()])
  }

  #recent(address: string): number[] {
    const since = this.#now() - FAILURE_WINDOW_MS
    const times = (this.#times.get(address) ?? []).filter((time) => time > since)
    if (times.length === 0) this.#times.delete(address)
    else this.#times.set(address, times)
    return times
  }
}
