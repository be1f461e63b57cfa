// One sending of a lead stored once: the site's script tries a network failure once more with
// the same request id (packages/shared/src/lead.ts REQUEST_ID_PARAM), and the first may have
// arrived. The ids live in memory for a few minutes: a retry follows its failure within seconds,
// and a restart in between costs at most a lead shown twice, never a lost one.

/** How long a request id is remembered. */
const REMEMBER_MS = 10 * 60 * 1000
/** At most this many ids (a flood of made-up ids cannot grow memory without bound). */
const MAX_IDS = 50_000

export class RepeatedSends<T> {
  /** Request id → what storing its lead gave (or its insert, still in flight), and when it came. */
  readonly #sends = new Map<string, { lead: Promise<T>; at: number }>()
  readonly #now: () => number

  constructor(now: () => number = Date.now) {
    this.#now = now
  }

  /**
   * The stored lead (its id, her trial's link): stored by `insert` on the first sending of
   * `requestId`, or the one stored (or being stored) for it already, so a retry gets the same
   * link. A failed insert is forgotten, so a retry tries again.
   */
  async once(
    requestId: string | null,
    insert: () => Promise<T>,
  ): Promise<{ stored: T; repeated: boolean }> {
    if (requestId === null) return { stored: await insert(), repeated: false }
    const now = this.#now()
    const known = this.#sends.get(requestId)
    if (known !== undefined && known.at > now - REMEMBER_MS) {
      return { stored: await known.lead, repeated: true }
    }
    this.#prune(now)
    const lead = insert()
    this.#sends.set(requestId, { lead, at: now })
    lead.catch(() => this.#sends.delete(requestId))
    return { stored: await lead, repeated: false }
  }

  #prune(now: number): void {
    // Oldest first: a Map keeps insertion order.
    for (const [id, send] of this.#sends) {
      if (send.at > now - REMEMBER_MS && this.#sends.size < MAX_IDS) break
      this.#sends.delete(id)
    }
  }
}
