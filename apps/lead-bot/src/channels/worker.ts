// One lead channel's delivery loop (docs/decisions/0077): its own queue, backoff, timeout and dead
// letters, so a channel that fails or hangs never holds up Telegram or another channel.
import type { ExtraChannelName } from '../channel-names.ts'
import type { Log } from '../log.ts'
import { createBackoff, createPassLoop, nextPassDelayMs } from '../retry.ts'
import type { DeliveryLoop, RetryPolicy } from '../retry.ts'
import type { DeliveryOutcome } from '../store/channel-queue.ts'
import type { LeadStore } from '../store/lead-store.ts'
import type { LeadRow } from '../store/rows.ts'
import { leadPayload } from './lead-payload.ts'
import type { LeadPayload } from './lead-payload.ts'

/**
 * - ok: the receiver took the lead (`ref`: what it calls it, if it said);
 * - retry: it may take it later (a network error, a timeout, 5xx, 429, a full mailbox);
 * - permanent: it refused this lead for good (a 4xx, a validation error): a dead letter now.
 * Errors name the status and the receiver's reason, never a name, a phone or a secret.
 */
export type DeliveryResult =
  { ok: true; ref?: string } | { ok: false; retry: boolean; error: string; retryAfterMs?: number }

export interface Channel {
  name: ExtraChannelName
  /** Sends one lead; `signal` aborts it at the channel's timeout. */
  deliver(lead: LeadPayload, signal: AbortSignal): Promise<DeliveryResult>
  /** Least time between two sends (a receiver's rate limit); 0 by default. */
  intervalMs?: number
}

export interface ChannelWorkerConfig extends RetryPolicy {
  pollMs: number
  /** A call not settled by then counts as failed (may pass) and the next is tried. */
  timeoutMs: number
  /** Failed attempts (that may pass) after which a lead becomes a dead letter. */
  maxAttempts: number
}

export interface ChannelWorker extends DeliveryLoop {
  /** An outside write (`--resend-failed`): a backoff left by earlier failures is not waited out. */
  resume(): void
}

export interface ChannelWorkerOptions {
  channel: Channel
  store: LeadStore
  config: ChannelWorkerConfig
  log: Log
  now?: () => number
}

/** Outcomes written in one transaction at most this many at a time, or this often. */
const WRITE_EVERY = 50
const WRITE_EVERY_MS = 1_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Calls the channel, bounded by the timeout even if it ignores the signal. */
async function deliverBounded(
  channel: Channel,
  lead: LeadPayload,
  timeoutMs: number,
): Promise<DeliveryResult> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<DeliveryResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort()
      resolve({ ok: false, retry: true, error: `no answer within ${timeoutMs} ms` })
    }, timeoutMs)
  })
  try {
    return await Promise.race([
      channel.deliver(lead, controller.signal).catch((error: unknown): DeliveryResult => ({
        ok: false,
        retry: true,
        error: error instanceof Error ? error.message : String(error),
      })),
      timedOut,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Sends the channel's due leads one at a time, the soonest due first. A failure that may pass
 * pauses the channel (one probe per backoff step, or the receiver's Retry-After), and after
 * `maxAttempts` the lead becomes a dead letter, as does a lead refused for good. Each outcome is
 * recorded with its attempt, in batches (one fsync per batch, not per lead); a crash before a
 * batch is written sends its leads again at the next start (the webhook's X-ITLab-Delivery lets a
 * receiver drop the repeat).
 */
export function createChannelWorker(options: ChannelWorkerOptions): ChannelWorker {
  const { channel, store, config, log } = options
  const now = options.now ?? Date.now
  const name = channel.name
  let timer: ReturnType<typeof setTimeout> | undefined
  const backoff = createBackoff(config, now)
  let lastSendEndedAt = -Infinity
  const loop = createPassLoop({
    pass: sendDue,
    // A database error (locked, a full disk): the worker lives on and tries again later.
    failed: (error) => log.error({ channel: name, err: error }, 'channel pass failed'),
    after: (dueAt) => schedule(dueAt),
  })

  const readyAt = (dueAt: number) =>
    Math.max(dueAt, backoff.pausedUntil, lastSendEndedAt + (channel.intervalMs ?? 0))
  // Outcomes not yet written, and the leads they are of (not sent again meanwhile).
  const outcomes: DeliveryOutcome[] = []
  const unwritten = new Set<number>()
  let writtenAt = now()

  /** Writes the outcomes so far in one transaction; kept for the next try if that fails. */
  function write(): void {
    if (outcomes.length > 0) {
      store.recordDeliveries(outcomes)
      outcomes.length = 0
      unwritten.clear()
    }
    writtenAt = now()
  }

  function record(outcome: DeliveryOutcome): void {
    outcomes.push(outcome)
    unwritten.add(outcome.leadId)
  }

  async function send(lead: LeadRow, attempts: number): Promise<void> {
    const result = await deliverBounded(channel, leadPayload(lead), config.timeoutMs)
    lastSendEndedAt = now()
    const attempt = attempts + 1
    const at = { leadId: lead.id, channel: name }
    if (result.ok) {
      backoff.succeed()
      record({ ...at, kind: 'sent', at: now(), ...(result.ref ? { ref: result.ref } : {}) })
      log.info({ leadId: lead.id, channel: name, attempts: attempt }, 'lead delivered')
      return
    }
    if (!result.retry || attempt >= config.maxAttempts) {
      record({ ...at, kind: 'failed', error: result.error })
      log.error(
        { leadId: lead.id, channel: name, attempts: attempt, error: result.error },
        `lead not delivered; kept as failed (npm run leads -- --resend-failed --channel ${name})`,
      )
      return
    }
    const delay = backoff.fail(result.retryAfterMs)
    record({ ...at, kind: 'retry', error: result.error, nextAttemptAt: backoff.pausedUntil })
    log.warn(
      { leadId: lead.id, channel: name, attempts: attempt, error: result.error, retryInMs: delay },
      'lead delivery failed; will retry',
    )
  }

  /**
   * Sends the due leads, a batch at a time, writing their outcomes every WRITE_EVERY outcomes or
   * WRITE_EVERY_MS, and at the end; returns when the next lead is due, if one is pending.
   */
  async function sendDue(): Promise<number | undefined> {
    write()
    try {
      while (!loop.stopped && backoff.pausedUntil <= now()) {
        const batch = store
          .dueDeliveries(name, now(), WRITE_EVERY)
          .filter((due) => !unwritten.has(due.lead.id))
        if (batch.length === 0) break
        for (const due of batch) {
          if (loop.stopped || backoff.pausedUntil > now()) break
          const wait = readyAt(0) - now()
          if (wait > 0) await sleep(wait)
          await send(due.lead, due.attempts)
          if (outcomes.length >= WRITE_EVERY || now() - writtenAt >= WRITE_EVERY_MS) write()
        }
        write()
      }
    } finally {
      write()
    }
    const next = store.nextDelivery(name)
    return next && readyAt(next.nextAttemptAt)
  }

  function schedule(dueAt: number | undefined): void {
    clearTimeout(timer)
    if (loop.stopped) return
    const untilDue = dueAt === undefined ? Infinity : dueAt - now()
    timer = setTimeout(loop.wake, nextPassDelayMs(config, loop.failedPasses, untilDue))
    timer.unref()
  }

  return {
    start() {
      if (loop.start()) loop.wake()
    },
    wake: loop.wake,
    resume() {
      backoff.resume()
      loop.wake()
    },
    idle: loop.idle,
    async stop() {
      const stopping = loop.stop()
      clearTimeout(timer)
      await stopping
    },
  }
}

/** Every channel's worker, woken together, and watching for writes by the CLI. */
export interface Channels {
  start(): void
  wake(): void
  idle(): Promise<void>
  stop(): Promise<void>
}

/** How often the CLI's writes (`--resend-failed`, `--restore`) are looked for. */
const OUTSIDE_WRITE_CHECK_MS = 1_000

export function createChannels(
  options: Omit<ChannelWorkerOptions, 'channel'> & { channels: readonly Channel[] },
): Channels {
  const { store, log, channels } = options
  const now = options.now ?? Date.now
  const workers = channels.map((channel) => createChannelWorker({ ...options, channel }))
  let watch: ReturnType<typeof setInterval> | undefined
  let seenVersion: number | undefined

  function checkOutsideWrites(): void {
    try {
      const version = store.dataVersion()
      if (seenVersion !== undefined && version !== seenVersion) {
        const made = store.makeDeliveriesDue(now())
        if (made > 0) log.info({ madeDue: made }, 'channel deliveries due now (outside write)')
        for (const worker of workers) worker.resume()
      }
      seenVersion = version
    } catch (error) {
      log.error({ err: error }, 'channels could not read the queue')
    }
  }

  return {
    start() {
      const made = store.makeDeliveriesDue(now())
      log.info({ channels: channels.map((channel) => channel.name), madeDue: made }, 'channels on')
      seenVersion = undefined
      checkOutsideWrites()
      watch = setInterval(checkOutsideWrites, OUTSIDE_WRITE_CHECK_MS)
      watch.unref()
      for (const worker of workers) worker.start()
    },
    wake() {
      for (const worker of workers) worker.wake()
    },
    async idle() {
      await Promise.all(workers.map((worker) => worker.idle()))
    },
    async stop() {
      clearInterval(watch)
      await Promise.all(workers.map((worker) => worker.stop()))
    },
  }
}
