// What the school's chat is told about an edit from the editor (deploy/cli/publish.ts, docs/decisions/0056): published,
// or refused with what to fix. Plain text with HTML escaping, as the lead service's messages. A
// refusal also goes to the operator's e-mail (docs/decisions/0063), with where to look.
import type { EmailMessage } from './email.ts'
import { escapeHtml, TELEGRAM_TEXT_LIMIT } from '../src/telegram-message.ts'

/** The lines of a refused release build that say what is wrong (two-space indented lists). */
export function problemLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /^ {2}\S/.test(line))
    .map((line) => line.trim())
}

/** At most this many problems are listed; the rest are counted. */
const SHOWN = 15

/** A problem the owner fixes in the editor names a content file; any other is the server's. */
const inContent = (problem: string) => problem.startsWith('content/')

/**
 * «Правка не опубликована»: the commit, that the site is unchanged, and each content problem
 * (file, field, rule) to fix in the editor. A refusal for another reason (the new release's
 * service would not start, a build step failed) is not hers to fix: the chat says so in plain
 * words and the details go to the operator (docs/decisions/0063).
 */
export function refusedMessage(
  subject: string,
  problems: string[],
  { operatorEmailed }: { operatorEmailed: boolean },
): string {
  const content = problems.filter(inContent)
  const shown = content.slice(0, SHOWN).map((problem) => `• ${escapeHtml(problem)}`)
  const more = content.length > SHOWN ? [`…и ещё ${content.length - SHOWN}`] : []
  const server =
    content.length === problems.length
      ? []
      : [
          (content.length > 0 ? 'Кроме того, сайт' : 'Правка здесь ни при чём: сайт') +
            ' не удалось обновить по технической причине. ' +
            (operatorEmailed
              ? 'Администратор сайта получил письмо с подробностями.'
              : 'Перешлите это сообщение администратору сайта.'),
        ]
  const text = [
    `✋ <b>Правка не опубликована</b>: «${escapeHtml(subject)}».`,
    content.length > 0
      ? 'На сайте всё осталось как было. Исправьте в редакторе (/admin) и сохраните снова:'
      : 'На сайте всё осталось как было.',
    ...shown,
    ...more,
    ...server,
  ].join('\n')
  return text.length <= TELEGRAM_TEXT_LIMIT ? text : `${text.slice(0, TELEGRAM_TEXT_LIMIT - 1)}…`
}

/**
 * «Правка не опубликована» for an edit that changed files outside content/ (docs/decisions/0066):
 * nothing she can fix in the editor's fields, so the files are named and the administrator is
 * told, as for any refusal that is not hers.
 */
export function outsideContentMessage(
  subject: string,
  files: string[],
  { operatorEmailed }: { operatorEmailed: boolean },
): string {
  const shown = files.slice(0, SHOWN).map((file) => `• ${escapeHtml(file)}`)
  const more = files.length > SHOWN ? [`…и ещё ${files.length - SHOWN}`] : []
  const text = [
    `✋ <b>Правка не опубликована</b>: «${escapeHtml(subject)}».`,
    'На сайте всё осталось как было. Из редактора публикуются только тексты, цены и картинки ' +
      'сайта, а правки из редактора изменили и другие файлы:',
    ...shown,
    ...more,
    operatorEmailed
      ? 'Администратор сайта получил письмо с подробностями.'
      : 'Перешлите это сообщение администратору сайта.',
  ].join('\n')
  return text.length <= TELEGRAM_TEXT_LIMIT ? text : `${text.slice(0, TELEGRAM_TEXT_LIMIT - 1)}…`
}

export function publishedMessage(subject: string): string {
  return `✅ <b>Опубликовано</b>: «${escapeHtml(subject)}». Изменения уже на сайте.`
}

/** The operator's copy of a refusal: every problem, whether the chat got it, and the journal. */
export function refusedEmail(
  subject: string,
  problems: string[],
  { host, chatError }: { host: string; chatError?: string },
): EmailMessage {
  const chat =
    chatError === undefined
      ? 'Школе в чат ушло сообщение с тем, что исправить в редакторе (/admin).'
      : `В чат школы сообщение не дошло (${chatError}).`
  return {
    subject: `IT Lab: правка не опубликована: «${subject}»`,
    text: [
      `Правка «${subject}» не опубликована (сервер ${host}): на сайте всё осталось как было. ${chat}`,
      ['Что не прошло проверку:', ...problems.map((problem) => `• ${problem}`)].join('\n'),
      'Журнал публикации: journalctl -u it-lab-publish -n 100. Как устроена публикация: ' +
        'deploy/README.md, раздел 8.',
    ].join('\n\n'),
  }
}
