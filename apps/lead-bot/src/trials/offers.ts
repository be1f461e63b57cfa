// The bot's offer of a freed seat (docs/decisions/0103-a-trial-she-holds.md, "The waitlist"), when
// the owner turns on `booking.waitlistOffers`: where a group has an open place and parents wait,
// the first of them whose chat with the bot is linked is offered it in that chat, held for her 24
// hours (never past her lesson's start); «Не нужно» or the day passing asks the next one. A parent
// without a linked chat is skipped by the bot and stays on the chat's waitlist. Sent by the
// reminders' loop (reminders.ts), claimed before it goes like a reminder.
import type { GroupEntry } from '@it-lab/shared'
import { trialAtText, type TrialAt } from '@it-lab/shared/trial-dates'
import type { LeadStore } from '../store/lead-store.ts'
import type { InlineKeyboard } from '../telegram.ts'
import { lessonLines, lessonStart, pressData, scheduleText } from './reminder-words.ts'
import type { LessonPlace, ReminderTimes } from './reminder-words.ts'
import { isOffered, type Seats } from './seats.ts'

/** How long an offered seat is held for her. */
export const OFFER_MS = 24 * 3_600_000

/** An offer to make now: to whom, in which chat, of which lesson. */
export interface OfferDue {
  leadId: number
  group: string
  chatId: number
  at: string | null
  course: number | null
}

export type OffersStore = Pick<LeadStore, 'seatTrials' | 'trialOfLead'>

export interface WaitlistOffers {
  /** The offer to make at `now`, else when the next standing one ends (epoch ms), else nothing. */
  next(now: number): OfferDue | number | undefined
}

/** Until when the seat is held: 24 hours, or until her lesson begins if that is sooner. */
export function offerEndsAt(offer: Pick<OfferDue, 'at'>, now: number): number {
  const until = now + OFFER_MS
  return offer.at === null ? until : Math.min(until, lessonStart(offer.at))
}

/** «пт 27 ноября, 12:00»: a moment in school time (UTC+4 all year). */
export function momentText(at: number): string {
  return trialAtText(new Date(at + 4 * 3_600_000).toISOString().slice(0, 16) as TrialAt)
}

export function createWaitlistOffers(store: OffersStore, seats: Seats<GroupEntry>): WaitlistOffers {
  return {
    next(now) {
      let soonest: number | undefined
      for (const group of seats.groups) {
        for (const trial of store.seatTrials(group.id)) {
          // A standing offer's end wakes the loop to ask the next parent.
          if (trial.offer && isOffered(trial, now)) {
            soonest = Math.min(soonest ?? Infinity, trial.offer.until)
          }
        }
        const counted = seats.of(group.id, now)
        if (!counted || counted.open === 0) continue
        // First come first among those the bot can ask: a linked chat, never offered, lesson ahead.
        const first = counted.waiting.find(
          (trial) =>
            trial.telegramChatId !== null &&
            trial.offer === null &&
            (trial.at === null || lessonStart(trial.at) > now),
        )
        if (first?.telegramChatId != null) {
          const course = store.trialOfLead(first.leadId)?.course ?? null
          return {
            leadId: first.leadId,
            group: group.id,
            chatId: first.telegramChatId,
            at: first.at,
            course,
          }
        }
      }
      return soonest
    },
  }
}

export const TAKE_BUTTON = 'Беру место'
export const DECLINE_BUTTON = 'Не нужно'

/** The offer: which lesson, until when the seat is hers, and the two buttons' meaning. */
export function offerSeatText(offer: OfferDue, until: number, place: LessonPlace): string {
  return [
    'Освободилось место в группе, которую вы ждёте:',
    '',
    ...lessonLines(offer, place),
    '',
    `Место держится за вами до ${momentText(until)}. Если оно нужно, нажмите «${TAKE_BUTTON}». Если нет — «${DECLINE_BUTTON}», и место предложат следующей семье из листа ожидания.`,
  ].join('\n')
}

export function offerSeatKeyboard(leadId: number): InlineKeyboard {
  return {
    inline_keyboard: [
      [
        { text: TAKE_BUTTON, callback_data: pressData.take(leadId) },
        { text: DECLINE_BUTTON, callback_data: pressData.decline(leadId) },
      ],
    ],
  }
}

/** She took the seat: her trial is booked, and the reminders she asked for follow. */
export function takenText(at: string | null, times: ReminderTimes): string {
  return at === null
    ? 'Готово: место за вами. Школа позвонит, чтобы договориться о дате пробного урока.'
    : `Готово: место за вами, пробный урок ${trialAtText(at as TrialAt)}. Напомню ${scheduleText(times)}.`
}

export const DECLINED_TEXT =
  'Хорошо, спасибо, что ответили: место предложат следующей семье. Ваша запись в листе ожидания остаётся.'
export const OFFER_GONE_TEXT =
  'Это предложение уже не действует: ничего не меняю. Актуальная запись — на странице вашей записи на пробный урок.'
