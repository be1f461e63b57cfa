// Her trial's page (docs/decisions/0103-a-trial-she-holds.md): `GET /trial/:token` shows it; a
// POST of a choice asks to confirm it, and only the confirming POST moves or cancels the trial, so
// a mail scanner or a link preview that opens the link changes nothing. Every link that opens no
// trial (malformed, unknown, deleted, past retention) gets the same 404.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { groupTimeText } from '@it-lab/shared'
import type { TrialBooking } from '@it-lab/shared/content'
import { isTrialAt, type TrialAt } from '@it-lab/shared/trial-dates'
import { thanksText } from '@it-lab/shared/trial-words'
import { courseTitle } from '../lead-words.ts'
import type { LeadStore } from '../store/lead-store.ts'
import type { TrialRow } from '../store/trial-store.ts'
import { reminderLink } from './reminder-link.ts'
import { bookableDates, hashTrialToken, isTrialToken, type GroupOf } from './booking.ts'
import type { PageFacts } from './page-facts.ts'
import {
  OTHER,
  PAGE_CSP,
  confirmPage,
  lessonText,
  notFoundPage,
  refusedPage,
  trialPage,
  type Choice,
  type Said,
  type TrialView,
} from './page-html.ts'

const DAY_MS = 86_400_000

/** A choice is two short fields and a confirmation: anything bigger is not her form. */
export const TRIAL_PAGE_BODY_LIMIT = 1024

const UNREADABLE =
  'Запрос не удалось прочитать. Откройте ссылку на запись ещё раз и попробуйте снова.'

/** How many of the group's next lessons the page offers to move to. */
const MOVE_CHOICES = 6

export interface TrialPageOptions {
  store: LeadStore
  booking: TrialBooking
  groupOf: GroupOf
  now: () => number
  /** The site's origins: a form of theirs may post here, as to /send. */
  siteOrigins: readonly string[]
  /** Requests per IP per window on her page (its own budget, apart from /send's). */
  rateLimit: { max: number; windowMs: number }
  /** A lead older than this is past the policies' retention: its page is gone, swept or not. */
  retentionDays?: number
  facts: PageFacts
  /** Called after she moved or cancelled her trial, to wake the outbox (the chat's edit). */
  onChanged?: (leadId: number) => void
  /** The school's bot's username, once Telegram told it (reminder-link.ts); none: no link. */
  botUsername?: () => string | undefined
}

/** Sent with every answer of the page, the 404 and the refusals included. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': PAGE_CSP,
  // The map links must not carry her link to the map services, nor any link to anyone.
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
}

/** Fastify and its plugins throw errors carrying statusCode. */
function statusOf(thrown: unknown): number {
  const status =
    typeof thrown === 'object' && thrown !== null
      ? (thrown as Record<string, unknown>).statusCode
      : undefined
  return typeof status === 'number' ? status : 500
}

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const value = (body as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : undefined
}

export async function trialPageRoutes(
  app: FastifyInstance,
  options: TrialPageOptions,
): Promise<void> {
  const { store, booking, groupOf, now, facts } = options
  const timeWindow = options.rateLimit.windowMs
  const limits = { rateLimit: { max: options.rateLimit.max, timeWindow } }

  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(PAGE_HEADERS)
    done(null, payload)
  })

  const notFound = (reply: FastifyReply) => reply.code(404).send(notFoundPage(facts))
  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: options.rateLimit.max, timeWindow }) },
    (_request, reply) => notFound(reply),
  )
  app.setErrorHandler((thrown, request, reply) => {
    const status = statusOf(thrown)
    if (status === 429) {
      return reply
        .code(429)
        .send(refusedPage(facts, 'Слишком много запросов. Подождите минуту и обновите страницу.'))
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(refusedPage(facts, UNREADABLE))
    }
    request.log.error({ err: thrown }, 'trial page failed')
    return reply
      .code(503)
      .send(refusedPage(facts, 'Страница сейчас недоступна. Попробуйте через несколько минут.'))
  })

  /** The trial her link opens, or nothing: a link of no trial, or of a lead past retention. */
  function lookup(token: string): TrialRow | undefined {
    if (!isTrialToken(token)) return undefined
    const trial = store.trialByTokenHash(hashTrialToken(token))
    if (trial === undefined || options.retentionDays === undefined) return trial
    const expired = Date.parse(trial.receivedAt) < now() - options.retentionDays * DAY_MS
    return expired ? undefined : trial
  }

  function viewOf(token: string, trial: TrialRow): TrialView {
    const group = groupOf(trial.group)
    const course = group?.course ?? trial.course
    const dates = group === undefined ? [] : bookableDates(group, booking, now())
    return {
      token,
      course: course === null ? null : courseTitle(course),
      group:
        group === undefined
          ? null
          : [groupTimeText(group), group.format, group.place].filter(Boolean).join(', '),
      atSchool: group?.format !== 'Онлайн',
      at: trial.at !== null && isTrialAt(trial.at) ? trial.at : null,
      state: trial.state,
      moveTo: dates.filter((at) => at !== trial.at).slice(0, MOVE_CHOICES),
      reminderLink: reminderLink(token, options.botUsername?.()),
      reminded: trial.telegramChatId !== null,
    }
  }

  /**
   * A form of her page: the browser says where the post comes from. `Sec-Fetch-Site` decides when
   * sent (every current browser): only `same-origin`. Her page's `no-referrer` makes the browser
   * send `Origin: null` even to itself, so Origin counts only without it: the service's own or one
   * of the site's. A client sending neither is no browser acting for her (it needs the link).
   */
  function sameOrigin(request: FastifyRequest): boolean {
    const site = request.headers['sec-fetch-site']
    if (site !== undefined) return site === 'same-origin'
    const origin = request.headers.origin
    if (origin === undefined) return true
    return (
      origin === `${request.protocol}://${request.host}` || options.siteOrigins.includes(origin)
    )
  }

  app.get<{ Params: { token: string }; Querystring: Record<string, string | undefined> }>(
    '/:token',
    { config: limits },
    (request, reply) => {
      const { token } = request.params
      const trial = lookup(token)
      if (trial === undefined) return notFound(reply)
      const view = viewOf(token, trial)
      const { query } = request
      // Her form's post lands here (`?sent`): the page begins with the site's thank-you. A result
      // is read from the trial itself, so a hand-made address cannot say what did not happen.
      let said: Said | undefined
      if (query.sent !== undefined) said = { text: thanksText(facts.details) }
      else if (query.done === 'cancelled' && view.state === 'cancelled') {
        said = { text: 'Запись отменена.' }
      } else if (query.done === 'moved' && view.state !== 'cancelled') {
        said = {
          text:
            view.at === null
              ? 'Пробное перенесено: мы позвоним, чтобы договориться о времени.'
              : `Пробное перенесено на ${lessonText(view.at)}.`,
        }
      }
      return reply.send(trialPage(view, facts, said))
    },
  )

  app.post<{ Params: { token: string } }>(
    '/:token',
    { config: limits, bodyLimit: TRIAL_PAGE_BODY_LIMIT },
    (request, reply) => {
      const { token } = request.params
      const trial = lookup(token)
      if (trial === undefined) return notFound(reply)
      if (!sameOrigin(request)) {
        return reply
          .code(403)
          .send(
            refusedPage(
              facts,
              'Изменить запись можно только на её странице. Откройте ссылку на запись и попробуйте снова.',
            ),
          )
      }
      // Her page's forms post urlencoded; a script's JSON is no form of hers.
      const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
      if (type !== 'application/x-www-form-urlencoded') {
        return reply.code(415).send(refusedPage(facts, UNREADABLE))
      }
      const view = viewOf(token, trial)
      const action = field(request.body, 'action')
      const at = field(request.body, 'at')
      const confirmed = field(request.body, 'confirm') === 'yes'
      let choice: Choice
      if (action === 'cancel') choice = { action: 'cancel' }
      else if (action === 'move' && at !== undefined) {
        choice = { action: 'move', at: at === OTHER ? OTHER : (at as TrialAt) }
      } else if (action === 'move') {
        return reply
          .code(400)
          .send(trialPage(view, facts, { text: 'Выберите, на когда перенести.', problem: true }))
      } else {
        return reply.code(400).send(refusedPage(facts, UNREADABLE))
      }
      if (view.state === 'cancelled') {
        // Cancelling again changes nothing; a cancelled trial is not moved (she calls the school).
        if (choice.action === 'cancel') return reply.send(trialPage(view, facts))
        return reply.code(409).send(
          trialPage(view, facts, {
            text: 'Запись уже отменена, перенести её нельзя.',
            problem: true,
          }),
        )
      }
      if (choice.action === 'move' && choice.at !== OTHER) {
        const group = groupOf(trial.group)
        const open = group === undefined ? [] : bookableDates(group, booking, now())
        if (choice.at === trial.at || !open.includes(choice.at)) {
          return reply.code(409).send(
            trialPage(view, facts, {
              text: 'Эта дата уже недоступна — выберите другую.',
              problem: true,
            }),
          )
        }
      }
      if (!confirmed) return reply.send(confirmPage(view, choice, facts))
      if (choice.action === 'cancel') store.cancelTrial(trial.leadId, now())
      else store.moveTrial(trial.leadId, choice.at === OTHER ? null : choice.at, now())
      request.log.info({ leadId: trial.leadId, change: choice.action }, 'trial changed on her page')
      options.onChanged?.(trial.leadId)
      // After the change, a GET (the browser's reload then repeats nothing).
      const done = choice.action === 'cancel' ? 'cancelled' : 'moved'
      return reply.code(303).header('location', `${token}?done=${done}`).send()
    },
  )
}
