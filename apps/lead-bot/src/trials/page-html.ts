// Her trial's page as HTML (docs/decisions/0103-a-trial-she-holds.md): no script at all, one small
// inline style allowed by its hash, forms that post to the page itself. Never her name or phone.
import { createHash } from 'node:crypto'
import { minutesText } from '@it-lab/shared/trial-words'
import { trialAtText, type TrialAt } from '@it-lab/shared/trial-dates'
import type { TrialState } from '../store/rows.ts'
import type { PageFacts } from './page-facts.ts'

/** The site's look in a few lines: its brand colours (apps/site/app/config/brand.ts), its font. */
const STYLE = [
  "body{margin:0;font-family:Nunito,ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;",
  'color:#1e293b;background:#eef5ff;line-height:1.5}',
  'main{max-width:36rem;margin:0 auto;padding:1.5rem 1rem 3rem}',
  '.school{font-weight:800;color:#1946ad;margin:0}',
  'h1{color:#1b356d;font-size:1.6rem;font-weight:800;line-height:1.2;margin:.75rem 0}',
  'h2{color:#1b356d;font-size:1.15rem;font-weight:800;margin:0 0 .75rem}',
  'section,.said{background:#fff;border-radius:1rem;padding:1.25rem 1.5rem;margin-top:1rem;',
  'box-shadow:0 1px 3px rgba(15,23,42,.08)}',
  '.said{font-weight:700;color:#14532d;background:#dcfce7}',
  '.said.problem{color:#991b1b;background:#fef2f2}',
  'dt{font-weight:700;color:#1b356d}dd{margin:0 0 .75rem}',
  'ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.75rem;margin:.5rem 0 0}',
  'a{color:#1f57d6;font-weight:700}',
  'fieldset{border:0;padding:0;margin:0 0 1rem}legend{font-weight:700;color:#1b356d;padding:0}',
  'label{display:flex;gap:.5rem;align-items:center;min-height:2.75rem}',
  'form+form{margin-top:1rem}',
  'button,a.button{font:inherit;font-weight:700;border:0;border-radius:.75rem;padding:.75rem 1.25rem;',
  'min-height:2.75rem;cursor:pointer;background:#1f57d6;color:#fff}',
  'a.button{display:inline-flex;align-items:center;text-decoration:none;box-sizing:border-box}',
  'button:hover,a.button:hover{background:#1946ad}',
  'button.quiet{background:#fff;color:#1a3d8a;box-shadow:inset 0 0 0 1px #cbd5e1}',
].join('')

/** The page's Content-Security-Policy: no script, no frame, this one style, forms to itself. */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

function escape(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** Her trial as the page shows it: the course and group in words, the lesson as it stands. */
export interface TrialView {
  /** Her link's token: the page's forms post to it (relative, so nginx's /lead prefix stays). */
  token: string
  course: string | null
  /** «Сб 10:00–11:30, Оффлайн, кабинет 2»; null: a group this service no longer knows. */
  group: string | null
  /** Whether the group meets at the school: its address and the map links are shown then. */
  atSchool: boolean
  at: TrialAt | null
  state: TrialState
  /** The group's lessons she may move to now (not the one she holds). */
  moveTo: TrialAt[]
  /** «Напомнить в Telegram»: the bot's deep link while reminders can be asked for, else none. */
  reminderLink: string | undefined
  /** Her chat with the bot is linked: reminders will come. */
  reminded: boolean
}

/** What the page says above the trial: the thank-you after the form, a change's result, a refusal. */
export type Said = { text: string; problem?: boolean }

/** The choice she made and is asked to confirm. */
export type Choice = { action: 'move'; at: TrialAt | 'other' } | { action: 'cancel' }

export const OTHER = 'other'

function document(facts: PageFacts, title: string, body: string): string {
  const name = facts.school === '' ? '' : ` — ${escape(facts.school)}`
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}${name}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${facts.school === '' ? '' : `<p class="school">${escape(facts.school)}</p>\n`}${body}
</main>
</body>
</html>
`
}

function phoneLink(facts: PageFacts): string {
  const digits = facts.phone.replace(/[^\d+]/g, '')
  return `<a href="tel:${escape(digits)}">${escape(facts.phone)}</a>`
}

/** «Позвоните нам: +7 …», or nothing while the school's facts do not pass their check. */
function callUs(facts: PageFacts, lead: string): string {
  return facts.phone === '' ? '' : `<p>${escape(lead)} ${phoneLink(facts)}.</p>`
}

function saidBlock(said: Said | undefined): string {
  if (said === undefined) return ''
  const role = said.problem ? 'alert' : 'status'
  return `<p class="said${said.problem ? ' problem' : ''}" role="${role}">${escape(said.text)}</p>\n`
}

export function lessonText(at: TrialAt | null): string {
  return at === null ? 'Время согласуем по телефону: мы вам позвоним.' : trialAtText(at)
}

function detailsList(trial: TrialView, facts: PageFacts): string {
  const rows: [string, string][] = []
  if (trial.course !== null) rows.push(['Курс', escape(trial.course)])
  rows.push(['Группа', escape(trial.group ?? 'уточним по телефону')])
  rows.push(['Когда', escape(lessonText(trial.at))])
  if (facts.details.minutes !== undefined) {
    rows.push(['Сколько длится', escape(minutesText(facts.details.minutes))])
  }
  if (trial.atSchool && facts.address !== '') {
    const maps = facts.maps
      .map(
        ({ label, href }) =>
          `<li><a href="${escape(href)}" target="_blank" rel="noopener noreferrer">${escape(label)}</a></li>`,
      )
      .join('')
    rows.push(['Где', `${escape(facts.address)}<ul>${maps}</ul>`])
  }
  if (facts.details.bring) rows.push(['Что взять', escape(facts.details.bring)])
  if (facts.phone !== '') rows.push(['Телефон школы', phoneLink(facts)])
  return `<dl>${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`
}

function choiceForms(trial: TrialView): string {
  const action = escape(trial.token)
  const dates = trial.moveTo.map(
    (at, index) =>
      `<label><input type="radio" name="at" value="${at}"${index === 0 ? ' required' : ''}> ${escape(trialAtText(at))}</label>`,
  )
  const other = `<label><input type="radio" name="at" value="${OTHER}"${dates.length === 0 ? ' required' : ''}> Другое время — договоримся по телефону</label>`
  return `<section>
<h2>Не получается прийти?</h2>
<form method="post" action="${action}">
<input type="hidden" name="action" value="move">
<fieldset><legend>Перенести на</legend>${[...dates, other].join('')}</fieldset>
<button type="submit">Перенести</button>
</form>
<form method="post" action="${action}">
<input type="hidden" name="action" value="cancel">
<button type="submit" class="quiet">Отменить запись</button>
</form>
</section>`
}

/**
 * Reminders she may ask for (docs/decisions/0103-a-trial-she-holds.md, "Reminders she asked
 * for"): the bot's link, or that they are on and how to stop them. Nothing without the bot.
 */
function reminderBlock(trial: TrialView): string {
  if (trial.reminded) {
    return `<section><h2>Напоминания</h2><p>Напоминания в Telegram включены. Чтобы отключить их, отправьте боту /stop.</p></section>`
  }
  if (trial.reminderLink === undefined || trial.at === null) return ''
  return `<section><h2>Напоминания</h2>
<p>Бот школы напомнит о пробном уроке накануне вечером и за несколько часов до начала. Больше он ничего присылать не будет.</p>
<p><a class="button" href="${escape(trial.reminderLink)}" rel="noopener noreferrer">Напомнить в Telegram</a></p></section>`
}

/** A full group's trial: she is on the waiting list, and the school calls when a seat frees. */
const WAITING_NOTE =
  '<p class="said">Сейчас в группе нет свободных мест: вы в листе ожидания. Мы позвоним, как только место освободится.</p>'

/** Her trial: what, when, where; the forms to move or cancel it while it is not cancelled. */
export function trialPage(trial: TrialView, facts: PageFacts, said?: Said): string {
  if (trial.state === 'cancelled') {
    return document(
      facts,
      'Запись на пробный урок отменена',
      `${saidBlock(said)}<h1>Запись на пробный урок отменена</h1>
<section>${detailsList({ ...trial, atSchool: false }, facts)}
${callUs(facts, 'Если передумаете или захотите выбрать другое время, позвоните нам:')}</section>`,
    )
  }
  return document(
    facts,
    'Моя запись на пробный урок',
    `${saidBlock(said)}<h1>Моя запись на пробный урок</h1>
${trial.state === 'waiting' ? WAITING_NOTE : ''}<section>${detailsList(trial, facts)}</section>
${reminderBlock(trial)}
${choiceForms(trial)}`,
  )
}

/** The step before a change: only its button changes anything (a link preview only reads). */
export function confirmPage(trial: TrialView, choice: Choice, facts: PageFacts): string {
  const question =
    choice.action === 'cancel'
      ? `Отменить запись на пробный урок (${lessonText(trial.at)})?`
      : choice.at === OTHER
        ? 'Перенести пробный урок на другое время? Мы позвоним, чтобы договориться.'
        : `Перенести пробный урок на ${trialAtText(choice.at)}?`
  const fields =
    choice.action === 'cancel'
      ? '<input type="hidden" name="action" value="cancel">'
      : `<input type="hidden" name="action" value="move"><input type="hidden" name="at" value="${choice.at}">`
  const title = choice.action === 'cancel' ? 'Подтвердите отмену' : 'Подтвердите перенос'
  return document(
    facts,
    title,
    `<h1>${title}</h1>
<section>
<p>${escape(question)}</p>
<form method="post" action="${escape(trial.token)}">
${fields}<input type="hidden" name="confirm" value="yes">
<button type="submit">${choice.action === 'cancel' ? 'Да, отменить запись' : 'Да, перенести'}</button>
</form>
<p><a href="${escape(trial.token)}">Нет, вернуться к записи</a></p>
</section>`,
  )
}

/** Every link that opens no trial: one page whatever the reason, so it tells nothing. */
export function notFoundPage(facts: PageFacts): string {
  return document(
    facts,
    'Запись не найдена',
    `<h1>Запись не найдена</h1>
<section><p>Ссылка неверна или устарела: записи на пробный урок хранятся ограниченное время.</p>
${callUs(facts, 'Если вы записывались на пробный урок, позвоните нам:')}</section>`,
  )
}

/** A request the page refused (too many, too big, from elsewhere): what to do next. */
export function refusedPage(facts: PageFacts, text: string): string {
  return document(
    facts,
    'Не получилось',
    `<h1>Не получилось</h1>
<section><p>${escape(text)}</p>
${callUs(facts, 'Если не получится снова, позвоните нам:')}</section>`,
  )
}
