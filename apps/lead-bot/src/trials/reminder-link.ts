// «Напомнить в Telegram» on her page (docs/decisions/0103-a-trial-she-holds.md): a deep link to the
// school's bot carrying her page's token, so the bot finds her trial when she presses Start. The
// bot's username is asked of Telegram (getMe) rather than written in a setting: a mistyped name
// would send her token to somebody else's bot.
import type { Log } from '../log.ts'
import { retryDelayMs, type RetryPolicy } from '../retry.ts'
import type { TelegramClient } from '../telegram.ts'
import { isTrialToken } from './booking.ts'

/** A bot's username as Telegram allows it (5–32 letters, digits and underscores). */
const BOT_USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/

/**
 * The link her page shows while reminders are on: `https://t.me/<bot>?start=<token>` (the token's
 * 22 base64url characters fit Telegram's start parameter, at most 64 of A–Z, a–z, 0–9, _ and -).
 * Undefined when there is no bot to link to (Telegram off, its name not known yet).
 */
export function reminderLink(token: string, botUsername: string | undefined): string | undefined {
  if (botUsername === undefined || !BOT_USERNAME.test(botUsername) || !isTrialToken(token)) {
    return undefined
  }
  return `https://t.me/${botUsername}?start=${token}`
}

export interface BotName {
  /** The bot's username once Telegram told it; undefined before (her page shows no link then). */
  readonly username: string | undefined
  /** Stops asking (a shutdown). */
  stop(): void
}

/**
 * Asks Telegram for the bot's username at start, and again under the retry policy until it
 * answers (a start while Telegram is unreachable): until then her page shows no reminder link.
 */
export function askBotName(
  telegram: Pick<TelegramClient, 'getMe'>,
  policy: RetryPolicy,
  log: Log,
): BotName {
  let username: string | undefined
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let failures = 0

  async function ask(): Promise<void> {
    const result = await telegram.getMe()
    if (stopped) return
    const name =
      result.ok && typeof result.result === 'object' && result.result !== null
        ? (result.result as { username?: unknown }).username
        : undefined
    if (typeof name === 'string' && BOT_USERNAME.test(name)) {
      username = name
      log.info({ bot: name }, 'reminder links go to this bot')
      return
    }
    failures += 1
    const delay = retryDelayMs(failures, policy.retryBaseMs, policy.retryMaxMs)
    log.warn(
      { error: result.ok ? 'no username' : result.error, retryInMs: delay },
      "the bot's username is not known yet: her page shows no reminder link until it is",
    )
    timer = setTimeout(() => void ask(), delay)
    timer.unref()
  }
  void ask()

  return {
    get username() {
      return username
    },
    stop() {
      stopped = true
      clearTimeout(timer)
    },
  }
}
