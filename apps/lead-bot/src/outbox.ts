import type { LeadRow, LeadStore } from './db.ts'
import { formatLeadMessage } from './telegram.ts'
import type { NotifyMode, TelegramClient } from './telegram.ts'

export interface Log {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface OutboxConfig {
  pollMs: number
  retryBaseMs: number
  retryMaxMs: number
  /** Least time between the end of one send and the start of the next (the chat's rate limit). */
  sendIntervalMs: number
  notify: NotifyMode
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

/** Stored before the error text of an attempt that may have reached Telegram. */
export const UNCERTAIN_PREFIX = 'uncertain: '

/** The previous attempt may have been delivered: no answer came, or none was recorded (a crash). */
function mayBeRepeat(lead: LeadRow): boolean {
  return (
    lead.attempts > 0 && (lead.lastError === null || lead.lastError.startsWith(UNCERTAIN_PREFIX))
  )
}

/** After stop(), how long a "sent" write that keeps failing is still retried. */
const RECORD_GIVE_UP_AFTER_STOP_MS = 5_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * One worker sends pending leads one at a time, strictly in order of arrival: the oldest pending
 * lead goes first, and while it waits out a retry every lead behind it waits too. Sends are
 * paced to the chat's limit. Each attempt is counted before it goes out, and a delivery is
 * recorded before anything else is sent, retrying the write if the database is locked.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { store, telegram, config, log } = options
  const now = options.now ?? Date.now
  let stopped = true
  let stoppedAt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | undefined
  let again = false
  // While Telegram fails, every lead waits: one probe per backoff step rather than one per lead.
  let pausedUntil = 0
  let lastSendEndedAt = -Infinity
  let failures = 0

  function readyAt(lead: LeadRow): number {
    return Math.max(lead.nextAttemptAt, pausedUntil, lastSendEndedAt + config.sendIntervalMs)
  }

  function schedule(): void {
    clearTimeout(timer)
    if (stopped) return
    let dueAt = Infinity
    try {
      const head = store.head()
      if (head) dueAt = readyAt(head)
    } catch (error) {
      log.error({ err: error }, 'outbox could not read the queue')
    }
    const delay = Math.max(0, Math.min(config.pollMs, dueAt - now()))
    timer = setTimeout(wake, delay)
    // The HTTP server keeps the process alive; the timer alone must not (tests, shutdown).
    timer.unref()
  }

  /** Records a delivery, retrying while the database refuses: until then nothing else is sent. */
  async function recordSent(lead: LeadRow, messageId: number | null): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        store.markSent(lead.id, messageId, now())
        return
      } catch (error) {
        if (stopped && now() - stoppedAt > RECORD_GIVE_UP_AFTER_STOP_MS) {
          log.error(
            { leadId: lead.id, err: error },
            'delivered lead could not be recorded before shutdown: it may be sent again',
          )
          return
        }
        log.error(
          { leadId: lead.id, attempt, err: error },
          'delivered lead could not be recorded yet; retrying, nothing else is sent meanwhile',
        )
        await sleep(Math.min(1_000, 50 * 2 ** attempt))
      }
    }
  }

  async function sendDue(): Promise<void> {
    while (!stopped) {
      const lead = store.head()
      if (!lead || now() < readyAt(lead)) return
      const repeat = mayBeRepeat(lead)
      store.recordAttempt(lead.id)
      const attempts = lead.attempts + 1
      const result = await telegram.send(formatLeadMessage(lead, { notify: config.notify, repeat }))
      lastSendEndedAt = now()
      if (result.ok) {
        await recordSent(lead, result.messageId)
        failures = 0
        log.info({ leadId: lead.id, attempts }, 'lead delivered to Telegram')
        continue
      }
      if (result.kind === 'permanent') {
        store.markFailed(lead.id, result.error)
        log.error(
          { leadId: lead.id, attempts, error: result.error },
          'Telegram refused the lead for good; kept as failed (npm run leads -- --resend-failed)',
        )
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
      const error = result.kind === 'uncertain' ? UNCERTAIN_PREFIX + result.error : result.error
      store.markRetry(lead.id, error, pausedUntil)
      log.warn(
        { leadId: lead.id, attempts, error: result.error, retryInMs: delay },
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
      stoppedAt = now()
      clearTimeout(timer)
      await running
    },
  }
}
