// The one retry policy of the service's loops: the outbox (Telegram), each channel's worker and
// the desk's poll back off alike (docs/decisions/0090).

/** What the service asks of a delivery loop: Telegram's outbox and each channel's worker alike. */
export interface DeliveryLoop {
  /** Makes what an earlier run left pending due now, then starts sending. */
  start(): void
  /** Asks for a pass now (after an insert or a status press); cheap and safe at any time. */
  wake(): void
  /** Resolves once the pass in progress, if any, has finished. */
  idle(): Promise<void>
  /** Stops scheduling and waits for the send in flight, so its result is recorded. */
  stop(): Promise<void>
}

/** A backoff's first and longest step (OUTBOX_RETRY_BASE_MS, OUTBOX_RETRY_MAX_MS). */
export interface RetryPolicy {
  retryBaseMs: number
  retryMaxMs: number
}

/** Exponential backoff: base, 2·base, 4·base … capped at max. `failures` counts from 1. */
export function retryDelayMs(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(failures - 1, 0), 40))
}

/** What is sent through one backoff waits until `pausedUntil`: one probe per step. */
export interface Backoff {
  readonly pausedUntil: number
  /**
   * A failure that may pass; returns the wait. A receiver's own wait (429 `retry_after`,
   * `Retry-After`) is taken as it is and is not a step of the backoff.
   */
  fail(retryAfterMs?: number): number
  /** A success: the next failure starts again from the base step. */
  succeed(): void
  /** Whatever is paused may go now (an outside write: the operator fixed something). */
  resume(): void
}

export function createBackoff(policy: RetryPolicy, now: () => number): Backoff {
  let failures = 0
  let pausedUntil = 0
  return {
    get pausedUntil() {
      return pausedUntil
    },
    fail(retryAfterMs) {
      let delay = retryAfterMs
      if (delay === undefined) {
        failures += 1
        delay = retryDelayMs(failures, policy.retryBaseMs, policy.retryMaxMs)
      }
      pausedUntil = now() + delay
      return delay
    },
    succeed() {
      failures = 0
    },
    resume() {
      pausedUntil = 0
    },
  }
}

/**
 * How long a loop sleeps before its next pass: until its next item is due, at most `pollMs`, and
 * at least the backoff of the passes the database refused in a row (a full disk: no busy loop).
 */
export function nextPassDelayMs(
  policy: RetryPolicy & { pollMs: number },
  failedPasses: number,
  untilDueMs: number,
): number {
  const backoff =
    failedPasses === 0 ? 0 : retryDelayMs(failedPasses, policy.retryBaseMs, policy.retryMaxMs)
  return Math.max(0, Math.min(policy.pollMs, Math.max(backoff, untilDueMs)))
}

/** The pass loop of one engine, as `createPassLoop` gives it. */
export interface PassLoop {
  /** Asks for a pass: now, or once more after the one in progress. */
  wake(): void
  /** False until `start`, and again from `stop`. */
  readonly stopped: boolean
  /** Passes the database refused in a row (a full disk): the next pause grows with them. */
  readonly failedPasses: number
  /** Starts the loop; false if it was running already. */
  start(): boolean
  /** Stops it (at once: no new pass) and resolves once the pass in progress has finished. */
  stop(): Promise<void>
  /** Resolves once the pass in progress, if any, has finished. */
  idle(): Promise<void>
}

/**
 * The one pass loop of the engines (the outbox, each channel's worker, the trial reminders): a
 * wake during a pass runs one more; a pass that throws (the database refused: locked, a full
 * disk) is counted and reported, and the engine lives on; after every pass, `after` schedules the
 * next with what the last pass gave (its next due time, say). Each engine keeps its own pass and
 * schedule (docs/decisions/0090-two-delivery-engines-one-retry-policy.md).
 */
export function createPassLoop<T>(engine: {
  pass: () => Promise<T>
  failed: (error: unknown) => void
  after: (last: T | undefined) => void
}): PassLoop {
  let stopped = true
  let running: Promise<void> | undefined
  let again = false
  let failedPasses = 0

  function wake(): void {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = (async () => {
      let last: T | undefined
      try {
        do {
          again = false
          last = await engine.pass()
        } while (again && !stopped)
        failedPasses = 0
      } catch (error) {
        failedPasses += 1
        engine.failed(error)
      } finally {
        running = undefined
        engine.after(last)
      }
    })()
  }

  return {
    wake,
    get stopped() {
      return stopped
    },
    get failedPasses() {
      return failedPasses
    },
    start() {
      if (!stopped) return false
      stopped = false
      return true
    },
    async stop() {
      stopped = true
      await running
    },
    async idle() {
      await running
    },
  }
}
