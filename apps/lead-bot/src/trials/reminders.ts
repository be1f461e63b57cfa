// The reminders a parent asked for (docs/decisions/0103-a-trial-she-holds.md): the evening before
// her trial and some hours before it, to her own chat with the bot. Its own small loop beside the
// outbox, under the same retry policy (docs/decisions/0090). Each reminder is claimed in the
// database before it goes (at most once: a restart never repeats it); a claim that cannot be
// written (a full disk) sends nothing and is tried again; a send Telegram surely did not get gives
// the claim back. A reminder is keyed by its lesson, so a move makes the old ones moot, and one
// whose moment has passed (the server was down through the evening) is skipped, not sent late.
// The bot's offers of a freed seat (offers.ts) go through the same loop, claimed the same way.
import { addDays, schoolDay, trialMoment, type TrialAt } from '@it-lab/shared/trial-dates'
import type { Log } from '../log.ts'
import { createBackoff, createPassLoop, nextPassDelayMs } from '../retry.ts'
import type { DeliveryLoop, RetryPolicy } from '../retry.ts'
import type { LeadStore } from '../store/lead-store.ts'
import type { ReminderKind, TrialToRemind } from '../store/trial-store.ts'
import type { TelegramClient } from '../telegram.ts'
import {
  DEFAULT_PLACE,
  lessonStart,
  reminderKeyboard,
  reminderText,
  type LessonPlace,
  type ReminderTimes,
} from './reminder-words.ts'
import {
  offerEndsAt,
  offerSeatKeyboard,
  offerSeatText,
  type OfferDue,
  type WaitlistOffers,
} from './offers.ts'

const HOUR_MS = 3_600_000
/** How late a reminder may still go (a busy Telegram, a restart): later, it is skipped. */
export const REMINDER_LATE_MS = HOUR_MS

/** When one reminder of a lesson may go: from `dueAt` until before `until` (epoch ms). */
export interface ReminderWindow {
  kind: ReminderKind
  dueAt: number
  until: number
}

/**
 * A lesson's reminders: the evening before at `remindEvening` and `remindHoursBefore` hours before
 * it, school time. Each may go up to REMINDER_LATE_MS late, the evening one no later than the
 * second one is due nor after midnight, the second one never after the lesson began. An evening
 * reminder not before the second one is left out: the second one says it all.
 */
export function reminderWindows(at: string, times: ReminderTimes): ReminderWindow[] {
  const start = lessonStart(at)
  const day = at.slice(0, 10)
  const hoursDue = start - times.remindHoursBefore * HOUR_MS
  const eveningDue = trialMoment(`${addDays(day, -1)}T${times.remindEvening}` as TrialAt).getTime()
  const midnight = trialMoment(`${day}T00:00`).getTime()
  const hours: ReminderWindow = {
    kind: 'hours',
    dueAt: hoursDue,
    until: Math.min(hoursDue + REMINDER_LATE_MS, start),
  }
  if (eveningDue >= hoursDue) return [hours]
  const until = Math.min(eveningDue + REMINDER_LATE_MS, hoursDue, midnight)
  return [{ kind: 'evening', dueAt: eveningDue, until }, hours]
}

/** A reminder to send now. */
interface Due {
  trial: TrialToRemind
  window: ReminderWindow
}

export interface TrialRemindersOptions {
  store: LeadStore
  telegram: TelegramClient
  times: ReminderTimes
  place?: LessonPlace
  config: RetryPolicy & {
    pollMs: number
    /** Least time between the end of one send and the start of the next. */
    sendIntervalMs: number
  }
  log: Log
  /** The bot's offers of a freed seat, when the owner turned them on (`booking.waitlistOffers`). */
  offers?: WaitlistOffers
  now?: () => number
}

/**
 * The reminders still to come of a trial: not claimed, not past their window, and not due before
 * she chose this lesson (she knows it then: booked or moved an hour before the evening reminder).
 */
export function pendingWindows(trial: TrialToRemind, times: ReminderTimes): ReminderWindow[] {
  const chosenAt = Date.parse(trial.changedAt ?? trial.createdAt)
  return reminderWindows(trial.at, times).filter(
    (window) => !trial.claimed.includes(window.kind) && window.dueAt >= chosenAt,
  )
}

export function createTrialReminders(options: TrialRemindersOptions): DeliveryLoop {
  const { store, telegram, times, config, log } = options
  const place = options.place ?? DEFAULT_PLACE
  const now = options.now ?? Date.now
  const backoff = createBackoff(config, now)
  let timer: ReturnType<typeof setTimeout> | undefined
  const loop = createPassLoop({
    pass: sendDue,
    // A claim the database refused (a full disk): nothing was sent; the next pass waits longer.
    failed: (error) =>
      log.error({ err: error }, 'trial reminders pass failed; nothing sent, will retry'),
    after: () => schedule(),
  })
  let lastSendEndedAt = -Infinity
  /** Claims to give back that the database refused to give back yet (a full disk). */
  const toRelease: (() => void)[] = []

  const readyAt = () => Math.max(backoff.pausedUntil, lastSendEndedAt + config.sendIntervalMs)

  /** The reminder or offer to send at `at`, else when the next one falls due. */
  function next(at: number): Due | OfferDue | number | undefined {
    const reminder = nextReminder(at)
    if (typeof reminder === 'object') return reminder
    const offer = options.offers?.next(at)
    if (typeof offer === 'object') return offer
    return offer === undefined || (reminder !== undefined && reminder < offer) ? reminder : offer
  }

  /** The reminder to send at `at` (the earliest due), else when the next one falls due. */
  function nextReminder(at: number): Due | number | undefined {
    // Lessons from yesterday on: today's and tomorrow's are the ones reminded of.
    const trials = store.trialsToRemind(addDays(schoolDay(new Date(at)), -1))
    let soonest: number | undefined
    let due: Due | undefined
    for (const trial of trials) {
      for (const window of pendingWindows(trial, times)) {
        if (window.until <= at) continue
        if (window.dueAt <= at) {
          if (!due || window.dueAt < due.window.dueAt) due = { trial, window }
        } else if (soonest === undefined || window.dueAt < soonest) soonest = window.dueAt
      }
    }
    return due ?? soonest
  }

  function releasePending(): void {
    while (toRelease.length > 0) {
      toRelease[0]?.()
      toRelease.shift()
    }
  }

  async function send({ trial, window }: Due): Promise<void> {
    const reminder = { leadId: trial.leadId, at: trial.at, kind: window.kind }
    // Throws on a full disk: the pass fails and nothing is sent until the claim can be written.
    if (!store.claimTrialReminder({ ...reminder, dueAt: window.dueAt }, now())) return
    const result = await telegram.send(reminderText(trial, window.kind, now(), place), {
      chatId: trial.telegramChatId,
      replyMarkup: reminderKeyboard(trial.leadId, trial.at),
    })
    lastSendEndedAt = now()
    if (result.ok) {
      backoff.succeed()
      log.info({ leadId: trial.leadId, kind: window.kind }, 'trial reminder sent')
      return
    }
    if (result.kind === 'permanent') {
      // 403: she blocked the bot or deleted the chat; nothing will reach her there any more.
      if (result.status === 403) store.forgetTrialChat(trial.leadId, trial.telegramChatId)
      log.warn(
        { leadId: trial.leadId, kind: window.kind, error: result.error },
        'trial reminder refused by Telegram; skipped',
      )
      return
    }
    // Not sent for sure: given back, to go again once Telegram answers (within its window).
    if (result.kind === 'transient') toRelease.push(() => store.releaseTrialReminder(reminder))
    const delay = backoff.fail(result.retryAfterMs)
    log.warn(
      { leadId: trial.leadId, kind: window.kind, error: result.error, retryInMs: delay },
      'trial reminder failed; will retry',
    )
    releasePending()
  }

  /** Offers her a freed seat, claimed first: the seat is held for her from the claim on. */
  async function offer(due: OfferDue): Promise<void> {
    const { leadId, group, chatId } = due
    const until = offerEndsAt(due, now())
    // Throws on a full disk, as a reminder's claim does: nothing is sent.
    if (!store.claimWaitlistOffer({ leadId, group, chatId, until }, now())) return
    const result = await telegram.send(offerSeatText(due, until, place), {
      chatId,
      replyMarkup: offerSeatKeyboard(leadId),
    })
    lastSendEndedAt = now()
    if (result.ok) {
      backoff.succeed()
      log.info({ leadId }, 'freed seat offered to a waiting parent in the bot')
      return
    }
    if (result.kind === 'permanent') {
      if (result.status === 403) store.forgetTrialChat(leadId, chatId)
      // Holds no seat: the next parent is asked.
      store.failWaitlistOffer(leadId, now())
      log.warn({ leadId, error: result.error }, 'seat offer refused by Telegram; next parent')
      return
    }
    // Not sent for sure: as if never made, to go again once Telegram answers.
    if (result.kind === 'transient') toRelease.push(() => store.releaseWaitlistOffer(leadId))
    const delay = backoff.fail(result.retryAfterMs)
    log.warn({ leadId, error: result.error, retryInMs: delay }, 'seat offer failed; will retry')
    releasePending()
  }

  async function sendDue(): Promise<void> {
    releasePending()
    while (!loop.stopped) {
      const at = now()
      if (at < readyAt()) return
      const due = next(at)
      if (typeof due !== 'object') return
      await ('window' in due ? send(due) : offer(due))
    }
  }

  function schedule(): void {
    clearTimeout(timer)
    if (loop.stopped) return
    let dueAt = Infinity
    try {
      const due = next(now())
      dueAt = due === undefined ? Infinity : Math.max(readyAt(), typeof due === 'number' ? due : 0)
    } catch (error) {
      log.error({ err: error }, 'trial reminders could not be read')
    }
    timer = setTimeout(loop.wake, nextPassDelayMs(config, loop.failedPasses, dueAt - now()))
    timer.unref()
  }

  return {
    start() {
      if (loop.start()) loop.wake()
    },
    wake: loop.wake,
    idle: loop.idle,
    async stop() {
      const stopping = loop.stop()
      clearTimeout(timer)
      await stopping
    },
  }
}
