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
