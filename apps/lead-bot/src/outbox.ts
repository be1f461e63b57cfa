import type { OutboxConfig } from './config.ts'
import type { LeadStore } from './db.ts'
import { formatLeadMessage } from './telegram.ts'
import type { TelegramClient } from './telegram.ts'

export interface Log {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface Outbox {
  /** Makes leads left pending by an earlier run due now, then starts sending. */
  start(): void
  /** Asks for a pass now (after an insert); cheap and safe to call at any time. */
  wake(): void
  /** Resolves once the pass in progress, if any, has finished. */
  idle(): Promise<void>
  /** Stops scheduling and waits for the send in flight, so its result is recorded. */
  stop(): Promise<void>
}

export interface OutboxOptions {
  store: LeadStore
  telegram: TelegramClient
  config: OutboxConfig
  log: Log
  now?: () => number
}

/** Exponential backoff: base, 2·base, 4·base … capped at max. `failures` counts from 1. */
export function retryDelayMs(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(failures - 1, 0), 40))
}

/**
 * One worker sends pending leads one at a time, oldest due first, and records each result in
 * the database right away: at least once, and never twice unless the process dies between
 * Telegram's answer and that UPDATE (or a timed-out request did reach Telegram).
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { store, telegram, config, log } = options
  const now = options.now ?? Date.now
  let stopped = true
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | undefined
  let again = false
  // While Telegram fails, every lead waits: one probe per backoff step rather than one per lead.
  let pausedUntil = 0
  let failures = 0

  function schedule(): void {
    clearTimeout(timer)
    if (stopped) return
    const dueAt = Math.max(store.nextDueAt() ?? Infinity, pausedUntil)
    const delay = Math.max(0, Math.min(config.pollMs, dueAt - now()))
    timer = setTimeout(wake, delay)
    // The HTTP server keeps the process alive; the timer alone must not (tests, shutdown).
    timer.unref()
  }

  async function sendDue(): Promise<void> {
    while (!stopped && now() >= pausedUntil) {
      const lead = store.nextDue(now())
      if (!lead) return
      const result = await telegram.send(formatLeadMessage(lead))
      if (result.ok) {
        store.markSent(lead.id, result.messageId, now())
        failures = 0
        log.info({ leadId: lead.id, attempts: lead.attempts + 1 }, 'lead delivered to Telegram')
        continue
      }
      let delay: number
      if (result.retryAfterMs === undefined) {
        failures += 1
        delay = retryDelayMs(failures, config.retryBaseMs, config.retryMaxMs)
      } else {
        delay = result.retryAfterMs
      }
      pausedUntil = now() + delay
      store.markFailed(lead.id, result.error, pausedUntil)
      log.warn(
        { leadId: lead.id, attempts: lead.attempts + 1, error: result.error, retryInMs: delay },
        'Telegram delivery failed; will retry',
      )
    }
  }

  function wake(): void {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = (async () => {
      try {
        do {
          again = false
          await sendDue()
        } while (again && !stopped)
      } catch (error) {
        // A database error: keep the worker alive and try again on the next poll.
        log.error({ err: error }, 'outbox pass failed')
      } finally {
        running = undefined
        schedule()
      }
    })()
  }

  return {
    start() {
      if (!stopped) return
      stopped = false
      const made = store.makePendingDue(now())
      const pending = store.countPending()
      log.info({ pending, madeDue: made }, 'outbox started')
      wake()
    },
    wake,
    async idle() {
      await running
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
