import { isIPv6 } from 'node:net'

// How many passwords the login tries (apps/editor/README.md, "Login"). An attempt takes its slot
// before its password is checked and gives it back only when the password was right, so
// attempts in parallel cannot check more passwords than the limits allow.

/** Wrong passwords allowed per client (an IPv4 address, an IPv6 /64) within the window. */
export const CLIENT_ATTEMPTS = 5
export const CLIENT_WINDOW_MS = 15 * 60_000
/** Wrong passwords allowed from all clients together within the window; then the pause. */
export const TOTAL_ATTEMPTS = 20
export const TOTAL_WINDOW_MS = 60 * 60_000
/** While paused, every login is refused, a right password included. */
export const PAUSE_MS = 15 * 60_000

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail is its last two). */
function ipv6Groups(address: string): number[] {
  // A zone (fe80::1%eth0) names the host's interface, not the client.
  let text = address.split('%')[0] ?? ''
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.slice(1).map(Number)
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((h) => parseInt(h, 16)))
  const left = groups(head)
  const right = groups(tail ?? '')
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
}

/**
 * Whom the attempts are counted for: an IPv4 address as it is (an IPv4-mapped IPv6 one too), an
 * IPv6 address by its /64, which one subscriber usually holds whole and could rotate through (as
 * the lead service's rate limit counts, apps/lead-bot/src/app.ts).
 */
export function clientKey(address: string): string {
  if (!isIPv6(address)) return address
  const groups = ipv6Groups(address)
  const [g5, g6 = 0, g7 = 0] = groups.slice(5)
  if (groups.slice(0, 5).every((group) => group === 0) && g5 === 0xffff) {
    return [g6 >> 8, g6 & 255, g7 >> 8, g7 & 255].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

interface Slot {
  at: number
  client: string
  /** Its password is still being checked. */
  pending: boolean
  /** Counted by a pause already: not by the next one. */
  spent: boolean
}

/** A pause that a wrong password began: told once, in the chat and by e-mail. */
export interface Pause {
  at: number
  until: number
  /** The wrong passwords within TOTAL_WINDOW_MS that began it. */
  wrong: number
}

export interface Attempt {
  /** The password was right: its slot is given back. */
  right(): void
  /** The password was wrong: its slot stays taken; the pause it began, if it did. */
  wrong(): Pause | undefined
}

export type Admission =
  | { ok: true; attempt: Attempt }
  /** `paused`: every login, for all clients; `client`: this one's. */
  | { ok: false; reason: 'client' | 'paused'; retryAfterS: number }

export class LoginLimits {
  #slots: Slot[] = []
  #pausedUntil = -Infinity
  readonly #now: () => number

  constructor(now: () => number = Date.now) {
    this.#now = now
  }

  /** Takes a slot for an attempt from `address`, or refuses it; checks and records in one step. */
  begin(address: string): Admission {
    const now = this.#now()
    // Bounded: a slot is taken only while fewer than TOTAL_ATTEMPTS are counted, and kept an hour.
    this.#slots = this.#slots.filter((slot) => slot.at > now - TOTAL_WINDOW_MS)
    if (now < this.#pausedUntil) return refusal('paused', this.#pausedUntil - now)
    const client = clientKey(address)
    const mine = this.#slots.filter(
      (slot) => slot.client === client && slot.at > now - CLIENT_WINDOW_MS,
    )
    const oldest = mine[0]
    if (oldest && mine.length >= CLIENT_ATTEMPTS) {
      return refusal('client', oldest.at + CLIENT_WINDOW_MS - now)
    }
    // Only attempts still being checked can fill it: the wrong ones alone would have paused it.
    if (this.#slots.filter((slot) => !slot.spent).length >= TOTAL_ATTEMPTS) {
      return refusal('paused', PAUSE_MS)
    }
    const slot: Slot = { at: now, client, pending: true, spent: false }
    this.#slots.push(slot)
    return {
      ok: true,
      attempt: {
        right: () => {
          this.#slots = this.#slots.filter((each) => each !== slot)
        },
        wrong: () => {
          slot.pending = false
          return this.#pauseIfDue()
        },
      },
    }
  }

  #pauseIfDue(): Pause | undefined {
    const now = this.#now()
    if (now < this.#pausedUntil) return undefined
    const wrong = this.#slots.filter(
      (slot) => !slot.pending && !slot.spent && slot.at > now - TOTAL_WINDOW_MS,
    )
    if (wrong.length < TOTAL_ATTEMPTS) return undefined
    // The pause pays for these: after it, the next TOTAL_ATTEMPTS wrong ones begin another.
    for (const slot of wrong) slot.spent = true
    this.#pausedUntil = now + PAUSE_MS
    return { at: now, until: this.#pausedUntil, wrong: wrong.length }
  }
}

function refusal(reason: 'client' | 'paused', waitMs: number): Admission {
  return { ok: false, reason, retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) }
}
