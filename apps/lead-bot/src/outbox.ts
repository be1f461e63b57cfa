import type { LeadStore } from './store/lead-store.ts'
import type { LeadRow } from './store/rows.ts'
import {
  computeDigest,
  dueDigestWeek,
  formatDigest,
  inWorkingHours,
  reminderText,
  renumberedText,
  statusKeyboard,
} from './desk.ts'
import type { DeskConfig } from './desk.ts'
import { formatLeadMessage, redactedText } from './telegram-message.ts'
import type { MessageOptions } from './telegram-message.ts'
import type { NotifyMode } from './config.ts'
import type { CallResult, SendResult, TelegramClient } from './telegram.ts'
import type { Log } from './log.ts'
import { createBackoff, createPassLoop, nextPassDelayMs } from './retry.ts'
import type { DeliveryLoop, RetryPolicy } from './retry.ts'
import type { Waitlist, WaitlistMessage } from './trials/waitlist.ts'

export interface OutboxConfig extends RetryPolicy {
  pollMs: number
  /** Least time between the end of one send and the start of the next (the chat's rate limit). */
  sendIntervalMs: number
  notify: NotifyMode
  /** Reminders and the weekly digest; without it the worker only sends leads and status edits. */
  desk?: DeskConfig
}

/** One thing to post to the chat; every one goes through the same pacing. */
type Job =
  | { kind: 'edit' | 'lead' | 'reminder'; lead: LeadRow; readyAt: number }
  | { kind: 'renumber'; lead: LeadRow; oldId: number; edit: boolean; readyAt: number }
  | { kind: 'redaction'; messageId: number; leadId: number; readyAt: number }
  | { kind: 'digest'; week: { from: number; to: number; key: string }; readyAt: number }
  | { kind: 'waitlist'; message: WaitlistMessage; readyAt: number }

export type Outbox = DeliveryLoop

export interface OutboxOptions {
  store: LeadStore
  telegram: TelegramClient
  config: OutboxConfig
  log: Log
  /** The groups' seats watched at each pass; a seat freed where parents wait is told once. */
  waitlist?: Waitlist
  now?: () => number
}

/** An earlier attempt may have been delivered: no answer came, or a crash cut it (in flight). */
const mayBeRepeat = (lead: LeadRow): boolean => lead.mayRepeat || lead.inFlight

/**
 * How often the worker looks for a write by another program (the CLI's `--resend-failed`,
 * `--restore`): a lead it put back goes out within this, not at the next poll (OUTBOX_POLL_MS).
 */
const OUTSIDE_WRITE_CHECK_MS = 1_000

/**
 * The groups' seats are looked at before a pass at most this often: a burst of leads wakes the
 * worker for each, and a seat freed is told within this or the next poll.
 */
const SEATS_WATCH_EVERY_MS = 5_000

/** While the seats cannot be looked at, one error line this often. */
const SEATS_FAILURE_LOG_MS = 60_000

/** After stop(), how long a "sent" write that keeps failing is still retried. */
const RECORD_GIVE_UP_AFTER_STOP_MS = 5_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * One worker posts everything to the chat, one call at a time, paced to the chat's limit: first
 * pending leads strictly in order of arrival (the oldest goes first, and while it waits out a
 * retry every lead behind it waits too), then the status edits of messages, reminders and the
 * weekly digest. A failing edit, reminder or digest backs off on its own and never holds up a
 * lead; a failing lead holds up everything (Telegram is likely down). Each lead attempt is
 * counted before it goes out, each reminder and digest claimed before it goes out (at most once),
 * and a delivery is recorded before anything else is sent, retrying the write if the database is
 * locked. What to post is read from the database each time, so a restart resumes.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { store, telegram, config, log } = options
  const now = options.now ?? Date.now
  let stoppedAt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let outsideWrites: ReturnType<typeof setInterval> | undefined
  let seenVersion: number | undefined
  // While Telegram fails, every lead waits: one probe per backoff step rather than one per lead.
  const leadBackoff = createBackoff(config, now)
  // A failing edit, reminder or digest waits on its own: leads go on.
  const deskBackoff = createBackoff(config, now)
  const loop = createPassLoop({
    pass: async () => {
      watchSeats()
      await sendDue()
    },
    // A database error: keep the worker alive and try again after a growing pause.
    failed: (error) => log.error({ err: error }, 'outbox pass failed'),
    after: () => schedule(),
  })
  const wake = loop.wake
  let lastSendEndedAt = -Infinity
  let seatsWatchedAt = -Infinity
  let seatsFailedAt = -Infinity

  /** A lead's message, with her trial as it stands (a change of hers is an edit, trial-store.ts). */
  function message(lead: LeadRow, options: MessageOptions = {}): string {
    const trial = store.trialOfLead(lead.id)
    return formatLeadMessage(
      {
        ...lead,
        trial: trial && { at: trial.at, state: trial.state, changes: store.trialChanges(lead.id) },
      },
      { notify: config.notify, ...options },
    )
  }

  function paced(): number {
    return Math.max(leadBackoff.pausedUntil, lastSendEndedAt + config.sendIntervalMs)
  }

  function nextDeskJob(at: number): Job | undefined {
    const readyAt = Math.max(paced(), deskBackoff.pausedUntil)
    const redaction = store.nextRedaction()
    if (redaction) return { kind: 'redaction', ...redaction, readyAt }
    const renumbering = store.nextRenumbering()
    if (renumbering) return { kind: 'renumber', ...renumbering, readyAt }
    const edit = store.nextEdit()
    if (edit) return { kind: 'edit', lead: edit, readyAt }
    const message = options.waitlist?.next(at)
    if (message) return { kind: 'waitlist', message, readyAt }
    const desk = config.desk
    if (!desk) return undefined
    if (desk.reminderAfterMs > 0 && inWorkingHours(at, desk.workingHours)) {
      const lead = store.dueReminder(at - desk.reminderAfterMs)
      if (lead) return { kind: 'reminder', lead, readyAt }
    }
    const week = desk.digest ? dueDigestWeek(at, desk.digest) : undefined
    if (week && store.digestWeek() !== week.key) return { kind: 'digest', week, readyAt }
    return undefined
  }

  /** The job to run now if one is ready (a lead first), else the one that is ready soonest. */
  function nextJob(at: number): Job | undefined {
    const head = store.head()
    const lead: Job | undefined = head && {
      kind: 'lead',
      lead: head,
      readyAt: Math.max(head.nextAttemptAt, paced()),
    }
    if (lead && lead.readyAt <= at) return lead
    const desk = nextDeskJob(at)
    if (!lead) return desk
    if (!desk) return lead
    return desk.readyAt < lead.readyAt ? desk : lead
  }

  function schedule(): void {
    clearTimeout(timer)
    if (loop.stopped) return
    let dueAt = Infinity
    try {
      dueAt = nextJob(now())?.readyAt ?? Infinity
    } catch (error) {
      log.error({ err: error }, 'outbox could not read the queue')
    }
    timer = setTimeout(wake, nextPassDelayMs(config, loop.failedPasses, dueAt - now()))
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
        if (loop.stopped && now() - stoppedAt > RECORD_GIVE_UP_AFTER_STOP_MS) {
          log.error(
            { leadId: lead.id, err: error },
            'delivered lead could not be recorded before shutdown: it may be sent again',
          )
          return
        }
        // Once a second at most; a line a minute is enough (a full disk may last hours, 0058).
        if (attempt === 1 || attempt % 60 === 0) {
          log.error(
            { leadId: lead.id, attempt, err: error },
            'delivered lead could not be recorded yet; retrying, nothing else is sent meanwhile',
          )
        }
        await sleep(Math.min(1_000, 50 * 2 ** attempt))
      }
    }
  }

  async function sendLead(lead: LeadRow): Promise<void> {
    const repeat = mayBeRepeat(lead)
    store.recordAttempt(lead.id)
    const attempts = lead.attempts + 1
    const result = await telegram.send(message(lead, { repeat }), {
      replyMarkup: statusKeyboard(lead.id),
    })
    lastSendEndedAt = now()
    if (result.ok) {
      await recordSent(lead, result.messageId)
      leadBackoff.succeed()
      log.info({ leadId: lead.id, attempts }, 'lead delivered to Telegram')
      return
    }
    if (result.kind === 'permanent') {
      store.markFailed(lead.id, result.error)
      log.error(
        { leadId: lead.id, attempts, error: result.error },
        'Telegram refused the lead for good; kept as failed (npm run leads -- --resend-failed)',
      )
      return
    }
    const delay = leadBackoff.fail(result.retryAfterMs)
    store.markRetry(lead.id, result.error, leadBackoff.pausedUntil, result.kind === 'uncertain')
    log.warn(
      { leadId: lead.id, attempts, error: result.error, retryInMs: delay },
      'Telegram delivery failed; will retry',
    )
  }

  /**
   * An edit, reminder or digest: done on success, and also on a permanent refusal (a deleted
   * message, "message is not modified"), which a retry could not change. `notSent` undoes a claim
   * when Telegram surely did not get the call (not when no answer came: it may have).
   */
  async function post(
    job: Job,
    call: () => Promise<CallResult | SendResult>,
    handlers: { done?: () => void; notSent?: () => void },
  ): Promise<void> {
    const result = await call()
    lastSendEndedAt = now()
    const leadId =
      job.kind === 'digest' || job.kind === 'waitlist'
        ? undefined
        : job.kind === 'redaction'
          ? job.leadId
          : job.lead.id
    if (result.ok || result.kind === 'permanent') {
      handlers.done?.()
      if (result.ok) deskBackoff.succeed()
      else log.warn({ leadId, job: job.kind, error: result.error }, 'Telegram refused; skipped')
      return
    }
    if (result.kind === 'transient') handlers.notSent?.()
    const delay = deskBackoff.fail(result.retryAfterMs)
    log.warn(
      { leadId, job: job.kind, error: result.error, retryInMs: delay },
      'Telegram call failed; will retry',
    )
  }

  async function run(job: Job): Promise<void> {
    if (job.kind === 'digest') {
      const { from, to, key } = job.week
      const text = formatDigest(computeDigest(store.digestRows(from, to), from, to))
      const claim = store.claimDigest(key)
      if (!claim) return
      await post(job, () => telegram.send(text), {
        done: () => log.info({ week: key }, 'weekly digest sent'),
        notSent: () => {
          if (claim.previous !== undefined) store.setDigestWeek(claim.previous)
        },
      })
      return
    }
    if (job.kind === 'redaction') {
      // The lead was deleted (a request, the retention period): its message keeps no name or
      // phone (docs/decisions/0044). A message already gone counts as done.
      await post(job, () => telegram.edit(job.messageId, redactedText(job.leadId)), {
        done: () => store.markRedacted(job.messageId),
      })
      return
    }
    if (job.kind === 'renumber') {
      await renumber(job)
      return
    }
    if (job.kind === 'waitlist') {
      await tellWaitlist(job)
      return
    }
    const { lead } = job
    if (job.kind === 'lead') {
      await sendLead(lead)
    } else if (job.kind === 'edit') {
      const text = message(lead)
      const statusId = lead.deskStatusId ?? 0
      await post(
        job,
        () => telegram.edit(lead.telegramMessageId ?? 0, text, statusKeyboard(lead.id)),
        { done: () => store.markShown(lead.id, statusId) },
      )
    } else {
      const afterMs = config.desk?.reminderAfterMs ?? 0
      if (!store.claimReminder(lead.id, now())) return
      await post(
        job,
        () =>
          telegram.send(reminderText(lead.id, afterMs), {
            replyTo: lead.telegramMessageId ?? undefined,
          }),
        {
          done: () => log.info({ leadId: lead.id }, 'reminder sent for a lead with no status'),
          notSent: () => store.releaseReminder(lead.id),
        },
      )
    }
  }

  /**
   * A restore gave a delivered lead a new number (docs/decisions/0082): its message is edited to
   * show it, with buttons carrying it, then the chat is told once, in a reply to that message.
   */
  async function renumber(job: Extract<Job, { kind: 'renumber' }>): Promise<void> {
    const { lead, oldId } = job
    const messageId = lead.telegramMessageId ?? undefined
    if (job.edit) {
      const text = message(lead)
      await post(job, () => telegram.edit(messageId ?? 0, text, statusKeyboard(lead.id)), {
        done: () => store.markRenumberingEdited(lead.id, oldId),
      })
      return
    }
    if (!store.claimRenumberingNotice(lead.id, oldId)) return
    await post(job, () => telegram.send(renumberedText(oldId, lead.id), { replyTo: messageId }), {
      done: () =>
        log.info({ leadId: lead.id, oldId }, 'chat told of a lead renumbered by a restore'),
      notSent: () => store.releaseRenumberingNotice(lead.id, oldId),
    })
  }

  /**
   * A seat freed where parents wait (docs/decisions/0103-a-trial-she-holds.md): one message,
   * claimed before it is sent, as a reminder is. One that no longer holds (the seat was taken,
   * nobody waits) is dropped unsent.
   */
  async function tellWaitlist(job: Extract<Job, { kind: 'waitlist' }>): Promise<void> {
    const waitlist = options.waitlist
    const { notice, text, replyTo } = job.message
    if (!waitlist) return
    if (text === undefined) {
      waitlist.drop(notice.id)
      return
    }
    if (!waitlist.claim(notice.id, now())) return
    await post(job, () => telegram.send(text, { replyTo }), {
      done: () => {
        waitlist.drop(notice.id)
        log.info({ group: notice.group }, 'chat told of a seat freed where parents wait')
      },
      notSent: () => waitlist.release(notice.id),
    })
  }

  /**
   * The groups' seats looked at before the pass. A failure (a full disk refusing the count it
   * saw) never holds up a lead; it is logged once a minute at most (0058) and tried next pass.
   */
  function watchSeats(): void {
    if (!options.waitlist || now() - seatsWatchedAt < SEATS_WATCH_EVERY_MS) return
    seatsWatchedAt = now()
    try {
      options.waitlist.watch(now())
    } catch (error) {
      if (now() - seatsFailedAt < SEATS_FAILURE_LOG_MS) return
      seatsFailedAt = now()
      log.error({ err: error }, 'seats could not be looked at; the waitlist waits')
    }
  }

  async function sendDue(): Promise<void> {
    while (!loop.stopped) {
      const at = now()
      const job = nextJob(at)
      if (!job || at < job.readyAt) return
      await run(job)
    }
  }

  /**
   * Another program wrote to the database: the operator put failed leads back (having fixed the
   * chat) or restored a backup. As at a restart, every pending lead is due now, the oldest first
   * (the leads put back are older than the ones waiting): a backoff left by earlier failures is
   * not waited out, one attempt shows whether the chat works again.
   */
  function checkOutsideWrites(): void {
    try {
      const version = store.dataVersion()
      if (seenVersion !== undefined && version !== seenVersion) {
        const made = store.makePendingDue(now())
        leadBackoff.resume()
        log.info({ madeDue: made }, 'database changed by another program: pending leads due now')
        wake()
      }
      seenVersion = version
    } catch (error) {
      log.error({ err: error }, 'outbox could not read the queue')
    }
  }

  return {
    start() {
      if (!loop.start()) return
      const digest = config.desk?.digest
      if (digest && store.digestWeek() === undefined) {
        // A new database: the first digest is the first one due after this start, not a catch-up.
        store.setDigestWeek(dueDigestWeek(now(), digest)?.key ?? 'none')
      }
      const made = store.makePendingDue(now())
      const pending = store.countPending()
      log.info({ pending, madeDue: made }, 'outbox started')
      seenVersion = undefined
      checkOutsideWrites()
      outsideWrites = setInterval(checkOutsideWrites, OUTSIDE_WRITE_CHECK_MS)
      outsideWrites.unref()
      wake()
    },
    wake,
    idle: loop.idle,
    async stop() {
      const stopping = loop.stop()
      stoppedAt = now()
      clearTimeout(timer)
      clearInterval(outsideWrites)
      await stopping
    },
  }
}
