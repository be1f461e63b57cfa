// Reads the owner's status presses with long polling (docs/behaviour.md, "Lead desk in
// Telegram"): no public webhook is needed. The offset and the update's id are stored with each
// press in one transaction, so a restart neither loses nor repeats a press, and an update Telegram
// serves again (after an offset was lost to a restore) is not applied twice.
import type { LeadStore } from './store/lead-store.ts'
import { parseStatusData } from './desk.ts'
import { presserName } from './plain-text.ts'
import type { Log } from './log.ts'
import { retryDelayMs } from './retry.ts'
import { STATUS_LABELS } from './desk-statuses.ts'
import type { TelegramClient } from './telegram.ts'
import type { ParentChat } from './trials/parent-chat.ts'

export interface UpdatesPollerOptions {
  store: LeadStore
  telegram: TelegramClient
  /** Presses are taken only from this chat (the one the leads go to). */
  chatId: string
  log: Log
  /** Called after a status was stored, so the outbox edits the message. */
  onStatus: () => void
  /** Parents' own chats with the bot: their reminders (docs/decisions/0103). */
  parentChat?: ParentChat
  /** How long one getUpdates call waits for a press (Telegram's long-poll timeout). */
  pollTimeoutS: number
  retryBaseMs: number
  retryMaxMs: number
  now?: () => number
}

export interface UpdatesPoller {
  start(): void
  /** Aborts the poll in flight and resolves once the loop has ended. */
  stop(): Promise<void>
}

interface CallbackQuery {
  id?: unknown
  data?: unknown
  from?: { first_name?: unknown; username?: unknown; id?: unknown }
  message?: { message_id?: unknown; chat?: { id?: unknown } }
}

/**
 * Who pressed, as the status line shows it: first name, and @username when there is one; plain
 * text of at most PRESSER_MAX_CHARS characters (plain-text.ts), whatever Telegram sends.
 */
function presser(from: CallbackQuery['from']): string {
  const first = typeof from?.first_name === 'string' ? presserName(from.first_name) : ''
  const username = typeof from?.username === 'string' ? `@${presserName(from.username)}` : ''
  if (first && username) return presserName(`${first} (${username})`)
  return presserName(first || username || `id ${String(from?.id ?? '?')}`)
}

export function createUpdatesPoller(options: UpdatesPollerOptions): UpdatesPoller {
  const { store, telegram, log } = options
  const now = options.now ?? Date.now
  let stopped = true
  let abort = new AbortController()
  let loop: Promise<void> | undefined
  let failures = 0

  /** Waits `ms`, or less if the poller is stopped meanwhile. */
  function pauseFor(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms)
      abort.signal.addEventListener('abort', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  }

  async function answer(query: CallbackQuery, text?: string): Promise<void> {
    if (typeof query.id !== 'string') return
    const result = await telegram.answerCallback(query.id, text)
    // Only the button's spinner depends on it; the status is stored either way.
    if (!result.ok) log.warn({ error: result.error }, 'answerCallbackQuery failed')
  }

  async function handle(update: Record<string, unknown>): Promise<void> {
    const updateId = update.update_id
    if (typeof updateId !== 'number') return
    if (await options.parentChat?.handle(update, options.chatId)) return
    // Not a press: a message in a group, or one kept while `npm run telegram:setup` asked
    // Telegram for every kind (docs/decisions/0046).
    if (update.callback_query === undefined) {
      store.applyUpdate(updateId)
      return
    }
    const query = update.callback_query as CallbackQuery
    const chat = query.message?.chat?.id
    if (chat === undefined || String(chat) !== options.chatId) {
      store.applyUpdate(updateId)
      log.warn({ updateId }, 'button press from another chat ignored')
      return
    }
    const press = parseStatusData(query.data)
    const messageId = query.message?.message_id
    if (!press || typeof messageId !== 'number') {
      store.applyUpdate(updateId)
      await answer(query)
      return
    }
    const at = now()
    const result = store.applyUpdate(
      updateId,
      { ...press, messageId, by: presser(query.from), now: at },
      at,
    )
    if (!result.applied) {
      log.warn({ updateId }, 'update served again by Telegram: already applied, ignored')
      return
    }
    if (result.press === 'other-message') {
      log.warn(
        { updateId, leadId: press.leadId },
        'button press names a lead not in its message: ignored',
      )
      await answer(query, `Это сообщение не о заявке №${press.leadId}: ничего не изменено`)
      return
    }
    const lead = result.press === 'gone' ? undefined : result.press?.lead
    if (!lead) {
      await answer(query, `Заявки №${press.leadId} больше нет`)
      return
    }
    log.info({ leadId: lead.id, status: press.status }, 'lead status set')
    options.onStatus()
    await answer(query, `Статус: ${STATUS_LABELS[press.status]}`)
  }

  async function poll(): Promise<void> {
    while (!stopped) {
      const result = await telegram.getUpdates(
        store.updatesOffset(),
        options.pollTimeoutS,
        abort.signal,
      )
      if (stopped) return
      if (!result.ok) {
        failures += 1
        const delay =
          result.retryAfterMs ?? retryDelayMs(failures, options.retryBaseMs, options.retryMaxMs)
        log.warn({ error: result.error, retryInMs: delay }, 'getUpdates failed; will retry')
        await pauseFor(delay)
        continue
      }
      failures = 0
      const updates = Array.isArray(result.result) ? (result.result as unknown[]) : []
      for (const update of updates) {
        if (stopped) return
        if (typeof update === 'object' && update !== null) {
          await handle(update as Record<string, unknown>)
        }
      }
    }
  }

  return {
    start() {
      if (!stopped) return
      stopped = false
      abort = new AbortController()
      loop = (async () => {
        while (!stopped) {
          try {
            await poll()
          } catch (error) {
            // A database error: the offset was not moved, so the press is read again.
            failures += 1
            log.error({ err: error }, 'button presses could not be stored; will retry')
            await pauseFor(retryDelayMs(failures, options.retryBaseMs, options.retryMaxMs))
          }
        }
      })()
    },
    async stop() {
      stopped = true
      abort.abort()
      await loop
    },
  }
}
