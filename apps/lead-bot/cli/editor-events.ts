// The editor gateway's events (packages/shared/src/editor-events.ts): each login and each pause
// of the login, left as files in EDITOR_EVENTS_DIR by a service that may not reach Telegram.
// `npm run alert` posts each to the school's chat (a pause by e-mail too, with what to do) and
// deletes a file only once every post of it got through, so a failed one is posted next run.
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import {
  EDITOR_EVENT_FILE,
  editorEventSchema,
  type EditorEvent,
} from '@it-lab/shared/editor-events'
import type { EmailMessage, EmailResult } from './email.ts'
import { SCHOOL_TIME_ZONE, schoolTime } from '@it-lab/shared/school-time'

/** The folder of EDITOR_EVENTS_DIR (the editor's setting, in the same env file), if set. */
export function editorEventsDir(env: Record<string, string | undefined>, cwd: string) {
  const raw = env.EDITOR_EVENTS_DIR?.trim()
  return raw ? path.resolve(cwd, raw) : undefined
}

const dayFormat = new Intl.DateTimeFormat('ru-RU', {
  timeZone: SCHOOL_TIME_ZONE,
  dateStyle: 'short',
})
const clockFormat = new Intl.DateTimeFormat('ru-RU', {
  timeZone: SCHOOL_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
})

/** «14:05» today at the school; «11.03.2026, 14:05» on another day (a post that waited). */
function when(iso: string, now: number): string {
  const at = new Date(iso)
  return dayFormat.format(at) === dayFormat.format(now) ? clockFormat.format(at) : schoolTime(iso)
}

const STOLEN = 'Если входили не вы, сообщите администратору сайта: пароль нужно сменить.'

export interface EditorEventMessages {
  /** Telegram HTML; nothing in it comes from a visitor but the known names of a browser. */
  chat: string
  /** A pause only: what the operator should look at. */
  email?: EmailMessage
}

/** What the chat (and for a pause, the operator) is told of `event`. */
export function editorEventMessages(
  event: EditorEvent,
  now: number,
  host: string,
): EditorEventMessages {
  if (event.kind === 'login') {
    const device = `${event.browser ?? 'неизвестный браузер'}${event.system ? ` на ${event.system}` : ''}`
    return { chat: `Вход в редактор: ${when(event.at, now)}, ${device}\n${STOLEN}` }
  }
  const until = when(event.until, now)
  const what = `за ${event.windowMinutes} мин ввели неверный пароль ${event.wrong} раз`
  return {
    chat:
      `⛔ Вход в редактор закрыт до ${until}: ${what}. Возможно, кто-то подбирает пароль. ` +
      'Владелица сайта сможет войти после этого времени.',
    email: {
      subject: `IT Lab: вход в редактор закрыт до ${until}`,
      text: [
        `Сервер ${host}: вход в редактор сайта закрыт с ${when(event.at, now)} до ${until} ` +
          `(Астрахань) для всех: ${what} (со всех адресов вместе).`,
        'Попытки видны в журнале nginx (grep "POST /admin/login" /var/log/nginx/access.log: ' +
          'ответы 401 и 429); адресов не хранит ни он, ни редактор (docs/decisions/0027).',
        'Пароль из четырёх-пяти слов такой подбор (не больше 2 000 попыток в сутки) не найдёт. ' +
          'Если пароль короче или мог утечь, смените его: npm run editor:password, строка в ' +
          'EDITOR_PASSWORD_HASH в файле настроек редактора, затем systemctl restart it-lab-editor.',
      ].join('\n\n'),
    },
  }
}

export interface EditorEventChannels {
  telegram?: { send(text: string): Promise<{ ok: true } | { ok: false; error: string }> }
  mailer?: { send(message: EmailMessage): Promise<EmailResult> }
  host: string
}

export interface DrainOutcome {
  /** Events posted (and deleted) this run. */
  posted: number
  /** One line each for stderr: a post that failed (tried again next run), a file it cannot use. */
  problems: string[]
}

/** Posts every finished event in `dir`, oldest first; a missing folder has none. */
export async function drainEditorEvents(
  dir: string,
  channels: EditorEventChannels,
  now: number,
): Promise<DrainOutcome> {
  const outcome: DrainOutcome = { posted: 0, problems: [] }
  let names: string[]
  try {
    names = readdirSync(dir).filter((name) => EDITOR_EVENT_FILE.test(name))
  } catch (error) {
    // No folder: the editor has not run on this server.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      outcome.problems.push(`cannot read ${dir}: ${String(error)}`)
    }
    return outcome
  }
  for (const name of names.sort()) {
    const file = path.join(dir, name)
    let event: EditorEvent
    try {
      event = editorEventSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
    } catch (error) {
      outcome.problems.push(`${file} is not an editor event (${String(error)}); left as it is`)
      continue
    }
    const messages = editorEventMessages(event, now, channels.host)
    // The chat is told of every event; the e-mail of a pause, and of everything without a chat.
    const sends: Promise<{ ok: true } | { ok: false; error: string }>[] = []
    if (channels.telegram) sends.push(channels.telegram.send(messages.chat))
    const email =
      messages.email ??
      (channels.telegram ? undefined : { subject: 'IT Lab: вход в редактор', text: messages.chat })
    if (channels.mailer && email) sends.push(channels.mailer.send(email))
    const results = await Promise.all(sends)
    const failed = results.flatMap((result) => (result.ok ? [] : [result.error]))
    if (failed.length > 0) {
      outcome.problems.push(
        `could not post ${name} (${failed.join('; ')}); it is posted on a later run`,
      )
      continue
    }
    try {
      rmSync(file, { force: true })
    } catch (error) {
      outcome.problems.push(
        `posted ${name} but cannot delete it (${String(error)}); it is posted again`,
      )
      continue
    }
    outcome.posted += 1
  }
  return outcome
}
