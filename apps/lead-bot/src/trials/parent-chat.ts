// A parent's own chat with the school's bot (docs/decisions/0103-a-trial-she-holds.md): her page's
// «Напомнить в Telegram» opens it with `/start <token>`; the bot first says what it will send and
// how to stop, and links the chat to her trial only once she agrees; `/stop` unlinks it; the
// reminders' buttons move or cancel the trial, each behind a second press; the bot's offer of a
// freed seat (offers.ts) is taken or declined with one. Every update is applied
// with its id in one transaction (trial-store.ts), so a restart neither loses nor repeats it.
import type { TrialBooking } from '@it-lab/shared/content'
import type { Log } from '../log.ts'
import type { LeadStore } from '../store/lead-store.ts'
import type { ParentAction, TrialRow } from '../store/trial-store.ts'
import type { InlineKeyboard, TelegramClient } from '../telegram.ts'
import { bookableDates, hashTrialToken, isTrialToken, type GroupOf } from './booking.ts'
import {
  ABOUT_TEXT,
  CANCELLED_TEXT,
  DATE_GONE_TEXT,
  DEFAULT_PLACE,
  KEPT_TEXT,
  LINK_INVALID_TEXT,
  NOTHING_TO_STOP_TEXT,
  STALE_TEXT,
  STOPPED_TEXT,
  cancelKeyboard,
  cancelQuestionText,
  confirmedText,
  lessonStart,
  moveKeyboard,
  moveQuestionText,
  movedText,
  offerKeyboard,
  offerText,
  parsePress,
  type LessonPlace,
  type ParentPress,
} from './reminder-words.ts'
import { DECLINED_TEXT, OFFER_GONE_TEXT, takenText } from './offers.ts'
import { reminderWindows } from './reminders.ts'

/**
 * Messages and edits the bot makes in private chats in a minute at most: a flood cannot hold up
 * the desk's presses behind its answers.
 */
export const PRIVATE_REPLIES_PER_MINUTE = 30
/** How often a chat that writes anything else is told what the bot is. */
const ABOUT_EVERY_MS = 10 * 60_000

const NO_BUTTONS: InlineKeyboard = { inline_keyboard: [] }

export interface ParentChatOptions {
  store: LeadStore
  telegram: TelegramClient
  booking: TrialBooking
  groupOf: GroupOf
  place?: LessonPlace
  log: Log
  /** A trial changed or was linked: the outbox edits the chat's message, the reminders look again. */
  onChange: () => void
  now?: () => number
}

export interface ParentChat {
  /**
   * Handles update `update` if it is a parent's (a message in a private chat, or a press of one of
   * the bot's own buttons there); false when it is not, and the desk's rules apply.
   */
  handle(update: Record<string, unknown>, deskChatId: string): Promise<boolean>
}

interface Chat {
  id?: unknown
  type?: unknown
}

interface Message {
  message_id?: unknown
  chat?: Chat
  text?: unknown
}

interface Query {
  id?: unknown
  data?: unknown
  message?: Message
}

export function createParentChat(options: ParentChatOptions): ParentChat {
  const { store, telegram, booking, groupOf, log } = options
  const place = options.place ?? DEFAULT_PLACE
  const now = options.now ?? Date.now
  const times = booking
  /** Replies sent in the current minute, and when each chat was last told what the bot is. */
  let minute = { startedAt: 0, replies: 0 }
  const toldAbout = new Map<number, number>()

  function mayReply(): boolean {
    const at = now()
    if (at - minute.startedAt >= 60_000) minute = { startedAt: at, replies: 0 }
    minute.replies += 1
    if (minute.replies === PRIVATE_REPLIES_PER_MINUTE + 1) {
      log.warn({}, 'too many private messages to the bot: the rest of this minute is ignored')
    }
    return minute.replies <= PRIVATE_REPLIES_PER_MINUTE
  }

  async function reply(chatId: number, text: string, replyMarkup?: InlineKeyboard) {
    if (!mayReply()) return
    const result = await telegram.send(text, { chatId, ...(replyMarkup ? { replyMarkup } : {}) })
    if (!result.ok) log.warn({ error: result.error }, 'answer to a private chat failed')
  }

  async function rewrite(chatId: number, messageId: unknown, text: string, buttons = NO_BUTTONS) {
    if (typeof messageId !== 'number' || !mayReply()) return
    const result = await telegram.edit(messageId, text, buttons, chatId)
    if (!result.ok) log.warn({ error: result.error }, 'edit in a private chat failed')
  }

  async function answer(query: Query, text?: string): Promise<void> {
    if (typeof query.id !== 'string') return
    const result = await telegram.answerCallback(query.id, text)
    if (!result.ok) log.warn({ error: result.error }, 'answerCallbackQuery failed')
  }

  /** Records the update with what it does; false when Telegram served it again (done already). */
  function apply(updateId: number, action: ParentAction): { applied: boolean; changed: number } {
    const result = store.applyParentUpdate(updateId, action, now())
    if (!result.applied) {
      log.warn({ updateId }, 'update served again by Telegram: already applied, ignored')
      return { applied: false, changed: 0 }
    }
    return result
  }

  /** The trial her link opens, while it can still be reminded of: booked and not begun. */
  function trialOfToken(token: string): TrialRow | undefined {
    if (!isTrialToken(token)) return undefined
    const trial = store.trialByTokenHash(hashTrialToken(token))
    if (!trial || trial.state === 'cancelled') return undefined
    if (trial.at !== null && lessonStart(trial.at) <= now()) return undefined
    return trial
  }

  async function onMessage(updateId: number, message: Message, chatId: number): Promise<void> {
    const text = typeof message.text === 'string' ? message.text.trim() : ''
    const [command = '', payload, ...rest] = text.split(/\s+/)
    const name = command.replace(/@\w+$/, '')
    if (name === '/stop') {
      const { applied, changed } = apply(updateId, { kind: 'stop', chatId })
      if (!applied) return
      if (changed > 0) log.info({ trials: changed }, 'trial reminders stopped by the parent')
      await reply(chatId, changed > 0 ? STOPPED_TEXT : NOTHING_TO_STOP_TEXT)
      return
    }
    if (name === '/start' && payload !== undefined && rest.length === 0) {
      const trial = trialOfToken(payload)
      if (!apply(updateId, { kind: 'none' }).applied) return
      if (!trial) {
        await reply(chatId, LINK_INVALID_TEXT)
        return
      }
      await reply(chatId, offerText(trial, times, place), offerKeyboard(payload))
      return
    }
    if (!apply(updateId, { kind: 'none' }).applied) return
    const told = toldAbout.get(chatId)
    if (told !== undefined && now() - told < ABOUT_EVERY_MS) return
    toldAbout.set(chatId, now())
    await reply(chatId, ABOUT_TEXT)
  }

  /** Her trial, if this chat is the one it is linked to and it is still at lesson `from`. */
  function linkedTrial(
    leadId: number,
    chatId: number,
    from: string,
  ): TrialRow | 'stale' | undefined {
    const trial = store.trialOfLead(leadId)
    if (!trial || trial.telegramChatId !== chatId) return undefined
    return trial.state === 'cancelled' || trial.at !== from ? 'stale' : trial
  }

  /** The lessons she may move to: the group's next ones, not the one she has. */
  function movesOf(trial: TrialRow): string[] {
    const group = groupOf(trial.group)
    if (!group) return []
    return bookableDates(group, booking, now())
      .filter((at) => at !== trial.at)
      .slice(0, booking.datesShown)
  }

  async function onPress(
    updateId: number,
    query: Query,
    press: ParentPress,
    chatId: number,
  ): Promise<void> {
    const messageId = query.message?.message_id
    if (press.action === 'link') {
      const trial = trialOfToken(press.token)
      const told =
        trial?.at == null
          ? []
          : reminderWindows(trial.at, times)
              .filter((window) => window.dueAt <= now())
              .map((window) => window.kind)
      const action: ParentAction = trial
        ? { kind: 'link', tokenHash: hashTrialToken(press.token), chatId, told }
        : { kind: 'none' }
      const { applied, changed } = apply(updateId, action)
      if (!applied) return
      if (changed === 0) {
        await rewrite(chatId, messageId, LINK_INVALID_TEXT)
        await answer(query)
        return
      }
      log.info({ leadId: trial?.leadId }, 'trial reminders asked for')
      options.onChange()
      await rewrite(chatId, messageId, confirmedText(times))
      await answer(query, 'Напоминания включены')
      return
    }
    if (press.action === 'take' || press.action === 'decline') {
      await onOfferAnswer(updateId, query, press.action, press.leadId, chatId)
      return
    }
    const trial = linkedTrial(press.leadId, chatId, press.from)
    if (trial === undefined || trial === 'stale') {
      if (!apply(updateId, { kind: 'none' }).applied) return
      await rewrite(chatId, messageId, STALE_TEXT)
      await answer(query)
      return
    }
    const { leadId, from } = press
    switch (press.action) {
      case 'ask-move': {
        if (!apply(updateId, { kind: 'none' }).applied) return
        await reply(chatId, moveQuestionText(from), moveKeyboard(leadId, from, movesOf(trial)))
        await answer(query)
        return
      }
      case 'ask-cancel': {
        if (!apply(updateId, { kind: 'none' }).applied) return
        await reply(chatId, cancelQuestionText(from), cancelKeyboard(leadId, from))
        await answer(query)
        return
      }
      case 'keep': {
        if (!apply(updateId, { kind: 'none' }).applied) return
        await rewrite(chatId, messageId, KEPT_TEXT)
        await answer(query)
        return
      }
      case 'move': {
        if (press.to !== null && !movesOf(trial).includes(press.to)) {
          if (!apply(updateId, { kind: 'none' }).applied) return
          await answer(query, DATE_GONE_TEXT)
          return
        }
        const { applied, changed } = apply(updateId, {
          kind: 'move',
          leadId,
          chatId,
          from,
          to: press.to,
        })
        if (!applied) return
        if (changed === 1) {
          log.info({ leadId }, 'trial moved by the parent in the bot')
          options.onChange()
        }
        await rewrite(chatId, messageId, changed === 1 ? movedText(press.to, times) : STALE_TEXT)
        await answer(query)
        return
      }
      case 'cancel': {
        const { applied, changed } = apply(updateId, { kind: 'cancel', leadId, chatId, from })
        if (!applied) return
        if (changed === 1) {
          log.info({ leadId }, 'trial cancelled by the parent in the bot')
          options.onChange()
        }
        await rewrite(chatId, messageId, changed === 1 ? CANCELLED_TEXT : STALE_TEXT)
        await answer(query)
      }
    }
  }

  /** Her answer to the bot's offer: counts only in her chat, on her offer, while it stands. */
  async function onOfferAnswer(
    updateId: number,
    query: Query,
    action: 'take' | 'decline',
    leadId: number,
    chatId: number,
  ): Promise<void> {
    const messageId = query.message?.message_id
    const { applied, changed } = apply(updateId, { kind: action, leadId, chatId })
    if (!applied) return
    if (changed === 0) {
      await rewrite(chatId, messageId, OFFER_GONE_TEXT)
      await answer(query)
      return
    }
    log.info(
      { leadId },
      action === 'take' ? 'offered seat taken by the parent' : 'offered seat declined',
    )
    options.onChange()
    const text =
      action === 'take' ? takenText(store.trialOfLead(leadId)?.at ?? null, times) : DECLINED_TEXT
    await rewrite(chatId, messageId, text)
    await answer(query)
  }

  return {
    async handle(update, deskChatId) {
      const updateId = update.update_id
      if (typeof updateId !== 'number') return false
      const message = update.message as Message | undefined
      const query = update.callback_query as Query | undefined
      const chat = message?.chat ?? query?.message?.chat
      if (typeof chat?.id !== 'number' || String(chat.id) === deskChatId) return false
      if (message !== undefined) {
        // A group's or a channel's message is none of the parents': the desk skips it quietly.
        if (chat.type !== 'private') return false
        await onMessage(updateId, message, chat.id)
        return true
      }
      const press = parsePress(query?.data)
      // A person's own chat has a positive id; a group's or a channel's is negative.
      if (!query || !press || chat.id <= 0) return false
      await onPress(updateId, query, press, chat.id)
      return true
    },
  }
}
