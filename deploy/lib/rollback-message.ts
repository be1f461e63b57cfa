// What the school's chat is told after `npm run deploy -- --rollback` (docs/decisions/0085-a-rollback-stays.md):
// the owner sees her edits published there, so she is told the site went back and that her next
// edits still go out. Sent with a bare Bot API call: the lead service's chat modules read the
// checkout's content as they load, and a rollback must work while that is broken (0061).

import { SCHOOL_TIME_ZONE } from '@it-lab/shared/school-time'

/** «28 ноября, 14:05» in the school's time zone (the year too when it is not this one). */
export function versionTime(iso: string, now = new Date()): string {
  const at = new Date(iso)
  const year = (date: Date) =>
    new Intl.DateTimeFormat('ru-RU', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric' }).format(date)
  const day = new Intl.DateTimeFormat('ru-RU', {
    timeZone: SCHOOL_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    ...(year(at) === year(now) ? {} : { year: 'numeric' }),
  }).format(at)
  const time = new Intl.DateTimeFormat('ru-RU', {
    timeZone: SCHOOL_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(at)
  return `${day}, ${time}`
}

/** The chat's message: the version now live (by when it was built), and what publishing does next. */
export function rollbackMessage(builtAt: string, { forward }: { forward: boolean }): string {
  const when = versionTime(builtAt)
  return forward
    ? `↪️ Сайт переключён на версию от ${when}. Новые правки из редактора будут публиковаться как обычно.`
    : `⏪ Сайт возвращён к версии от ${when}. Новые правки из редактора будут публиковаться как обычно, а отменённая версия сама на сайт не вернётся.`
}

/** Posts `text` to the chat; undefined when it got there, else why not (the token never shown). */
export async function tellChat(
  settings: { token?: string; chatId?: string; apiUrl?: string },
  text: string,
): Promise<string | undefined> {
  const { token, chatId } = settings
  if (!token || !chatId) return 'Telegram is not set up in lead-bot.env'
  const apiUrl = settings.apiUrl || 'https://api.telegram.org'
  try {
    const response = await fetch(`${apiUrl}/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: chatId, text }),
      signal: AbortSignal.timeout(15_000),
    })
    return response.ok ? undefined : `Telegram answered HTTP ${response.status}`
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).replaceAll(token, '<token>')
  }
}
