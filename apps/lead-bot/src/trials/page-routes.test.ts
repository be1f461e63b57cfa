import { createHash } from 'node:crypto'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { TRIAL_BOOKING_DEFAULTS } from '@it-lab/shared/content'
import { mapLinks } from '@it-lab/shared/map-links'
import { parseSchoolFacts } from '@it-lab/shared/school-facts-schema'
import { buildApp } from '../app.ts'
import { openLeadStore } from '../store/lead-store.ts'
import type { LeadStore } from '../store/lead-store.ts'
import { tempDir, madeUpSaturdays } from '../../test/helpers.ts'
import { LEAD_QUERY, VALID_PHONE } from '../../harness/sample-leads.ts'
import { readPageFacts, type PageFacts } from './page-facts.ts'
import { TRIAL_PAGE_BODY_LIMIT } from './page-routes.ts'
import { hashTrialToken } from './booking.ts'

// A made-up group and school (the shipped ones are samples the owner replaces): Saturdays at 10:00.
const { group: saturdays, groupOf } = madeUpSaturdays()
const booking = {
  ...TRIAL_BOOKING_DEFAULTS,
  closedDays: [{ from: '2026-12-12', to: '2026-12-12' }],
}
const facts: PageFacts = {
  school: 'Школа Проверка',
  phone: '+7 (8512) 11-22-33',
  address: 'г. Астрахань, ул. Проверочная, д. 5',
  maps: mapLinks({ address: 'Астрахань, ул. Проверочная, д. 5' }),
  details: {
    minutes: 75,
    parent: '',
    bring: 'Сменную обувь и хорошее настроение.',
    callBack: 'в течение часа',
    sample: false,
  },
}
// Friday 27 November 2026, 23:00 in Astrakhan: a parent booking late at night.
const NOW = Date.parse('2026-11-27T19:00:00Z')
const SITE = 'http://127.0.0.1:3000'
const FORM = 'application/x-www-form-urlencoded'

const temp = tempDir()
afterAll(() => temp.remove())

let files = 0
async function service(
  options: { rateMax?: number; retentionDays?: number; botUsername?: string } = {},
): Promise<{ app: FastifyInstance; store: LeadStore; clock: { now: number } }> {
  files += 1
  const store = openLeadStore(path.join(temp.dir, `page-${files}.sqlite`))
  const clock = { now: NOW }
  const app = await buildApp({
    store,
    siteOrigins: [SITE],
    rateLimit: { max: 1000, windowMs: 60_000 },
    trialPageRateLimit: { max: options.rateMax ?? 1000, windowMs: 60_000 },
    retentionDays: options.retentionDays ?? 180,
    booking,
    groupOf,
    pageFacts: facts,
    now: () => clock.now,
    botUsername: () => options.botUsername,
  })
  return { app, store, clock }
}

/** Books a trial as the site's script does; returns her link's token. */
async function book(app: FastifyInstance, name = 'Анна', trialAt = '2026-11-28T10:00') {
  const response = await app.inject({
    method: 'POST',
    url: `/send?${LEAD_QUERY}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ name, phone: VALID_PHONE, group: saturdays.id, trialAt }),
  })
  return response.json<{ trialPage: string }>().trialPage.slice('trial/'.length)
}

const post = (app: FastifyInstance, token: string, fields: Record<string, string>, headers = {}) =>
  app.inject({
    method: 'POST',
    url: `/trial/${token}`,
    headers: { 'content-type': FORM, origin: 'http://localhost:80', ...headers },
    payload: new URLSearchParams(fields).toString(),
  })

/** The page's text as a person reads it: its body, tags dropped, entities read. */
function text(html: string): string {
  return html
    .replace(/^[^]*<body>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/[ \t\r\n]+/g, ' ')
}

describe('her trial’s page', () => {
  it('shows her trial, the school’s way there and phone, never her name or phone, with strict headers', async () => {
    const { app, store } = await service()
    const token = await book(app)
    const page = await app.inject({ url: `/trial/${token}` })
    expect(page.statusCode).toBe(200)
    const seen = text(page.body)
    expect(seen).toContain('Моя запись на пробный урок')
    expect(seen).toContain('Курс')
    expect(seen).toContain('Сб 10:00–11:30, Оффлайн, кабинет 2')
    expect(seen).toContain('сб 28 ноября, 10:00')
    expect(seen).toContain('75\u00a0минут')
    expect(seen).toContain('г. Астрахань, ул. Проверочная, д. 5')
    expect(seen).toContain('Открыть на Яндекс Картах')
    expect(seen).toContain('Сменную обувь и хорошее настроение.')
    expect(page.body).toContain('href="tel:+78512112233"')
    // Her name and phone are not on it, nor any script.
    expect(seen).not.toContain('Анна')
    expect(page.body).not.toMatch(/912|345-67/)
    expect(page.body).not.toMatch(/<script/i)
    expect(page.body).toContain('<meta name="robots" content="noindex">')
    expect(page.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'referrer-policy': 'no-referrer',
      'x-robots-tag': 'noindex',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
    })
    // The one style is allowed by its hash; nothing else (no script, no frame) is.
    const style = /<style>([^<]*)<\/style>/.exec(page.body)?.[1] ?? ''
    const hash = createHash('sha256').update(style).digest('base64')
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    )
    // The thank-you only where her form's post lands.
    expect(seen).not.toContain('Спасибо!')
    const landed = await app.inject({ url: `/trial/${token}?sent` })
    expect(text(landed.body)).toMatch(/^ Школа Проверка Спасибо! Мы перезвоним в течение часа\. /)
    await app.close()
    store.close()
  })

  it('answers every link that opens no trial with one 404 page: malformed, unknown, deleted, past retention', async () => {
    const { app, store, clock } = await service({ retentionDays: 30 })
    const deleted = await book(app, 'Вера')
    store.deleteByPhone(VALID_PHONE)
    const kept = await book(app, 'Анна')
    const answers = []
    for (const token of ['x', '../../etc/passwd', 'A'.repeat(22), deleted, 'Кириллица']) {
      answers.push(await app.inject({ url: `/trial/${encodeURIComponent(token)}` }))
    }
    answers.push(await app.inject({ url: '/trial/' }))
    answers.push(await post(app, 'A'.repeat(22), { action: 'cancel', confirm: 'yes' }))
    expect((await app.inject({ url: `/trial/${kept}` })).statusCode).toBe(200)
    // 31 days on her lead is past the 30 days kept: gone before the hourly sweep deletes it.
    clock.now = NOW + 31 * 86_400_000
    answers.push(await app.inject({ url: `/trial/${kept}` }))
    const [first] = answers
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404)
      expect(answer.body).toBe(first?.body)
      expect(answer.headers['cache-control']).toBe('no-store')
    }
    expect(text(first?.body ?? '')).toContain('Запись не найдена')
    expect(text(first?.body ?? '')).toContain('+7 (8512) 11-22-33')
    await app.close()
    store.close()
  })

  it('is gone once the retention sweep deletes her delivered lead', async () => {
    const { app, store } = await service()
    const token = await book(app)
    const [lead] = store.list({ limit: 1 })
    store.markSent(lead?.id ?? 0, 1, NOW)
    expect(store.deleteReceivedBefore(NOW + 1).deleted).toBe(1)
    expect((await app.inject({ url: `/trial/${token}` })).statusCode).toBe(404)
    expect(store.trialOfLead(lead?.id ?? 0)).toBeUndefined()
    await app.close()
    store.close()
  })

  it('changes nothing on a GET, whatever its address says, nor on a choice not yet confirmed', async () => {
    const { app, store } = await service()
    const token = await book(app)
    for (const url of [
      `/trial/${token}?action=cancel&confirm=yes`,
      `/trial/${token}?action=move&at=2026-12-05T10:00&confirm=yes`,
      `/trial/${token}?done=cancelled`,
    ]) {
      expect((await app.inject({ url })).statusCode).toBe(200)
      expect((await app.inject({ method: 'HEAD', url })).statusCode).toBe(200)
    }
    const [lead] = store.list({ limit: 1 })
    const asking = await post(app, token, { action: 'cancel' })
    expect(asking.statusCode).toBe(200)
    expect(text(asking.body)).toContain('Подтвердите отмену')
    expect(text(asking.body)).toContain('Отменить запись на пробный урок (сб 28 ноября, 10:00)?')
    expect(asking.body).toContain('name="confirm" value="yes"')
    const moving = await post(app, token, { action: 'move', at: '2026-12-05T10:00' })
    expect(text(moving.body)).toContain('Перенести пробный урок на сб 5 декабря, 10:00?')
    expect(store.trialOfLead(lead?.id ?? 0)).toMatchObject({
      state: 'booked',
      at: '2026-11-28T10:00',
    })
    expect(store.trialChanges(lead?.id ?? 0)).toEqual([])
    // A result the address claims is not said when it did not happen.
    expect(text((await app.inject({ url: `/trial/${token}?done=cancelled` })).body)).not.toContain(
      'Запись отменена',
    )
    await app.close()
    store.close()
  })

  it('moves her trial after she confirms, to another lesson or to «другое время», and says so', async () => {
    const { app, store } = await service()
    const token = await book(app)
    const [lead] = store.list({ limit: 1 })
    const page = text((await app.inject({ url: `/trial/${token}` })).body)
    // The group's next Saturdays but hers and the closed 12 December.
    expect(page).toContain('сб 5 декабря, 10:00')
    expect(page).toContain('сб 19 декабря, 10:00')
    expect(page).not.toContain('сб 12 декабря')
    const moved = await post(app, token, { action: 'move', at: '2026-12-05T10:00', confirm: 'yes' })
    expect(moved.statusCode).toBe(303)
    expect(moved.headers.location).toBe(`${token}?done=moved`)
    const after = await app.inject({ url: `/trial/${token}?done=moved` })
    expect(text(after.body)).toContain('Пробное перенесено на сб 5 декабря, 10:00.')
    expect(store.trialOfLead(lead?.id ?? 0)).toMatchObject({
      at: '2026-12-05T10:00',
      state: 'booked',
    })
    await post(app, token, { action: 'move', at: 'other', confirm: 'yes' })
    expect(store.trialOfLead(lead?.id ?? 0)).toMatchObject({ at: null, state: 'booked' })
    const other = text((await app.inject({ url: `/trial/${token}?done=moved` })).body)
    expect(other).toContain('Пробное перенесено: мы позвоним, чтобы договориться о времени.')
    expect(other).toContain('Время согласуем по телефону: мы вам позвоним.')
    expect(store.trialChanges(lead?.id ?? 0).map(({ change }) => change)).toEqual([
      'moved',
      'moved',
    ])
    await app.close()
    store.close()
  })

  it('refuses a past, closed or made-up date, and a choice of nothing', async () => {
    const { app, store } = await service()
    const token = await book(app)
    const [lead] = store.list({ limit: 1 })
    for (const at of [
      '2026-11-21T10:00',
      '2026-12-12T10:00',
      '2026-12-06T10:00',
      '2026-11-28T10:00',
      'soon',
    ]) {
      const refused = await post(app, token, { action: 'move', at, confirm: 'yes' })
      expect(refused.statusCode).toBe(409)
      expect(text(refused.body)).toContain('Эта дата уже недоступна — выберите другую.')
    }
    const none = await post(app, token, { action: 'move', confirm: 'yes' })
    expect(none.statusCode).toBe(400)
    expect(text(none.body)).toContain('Выберите, на когда перенести.')
    expect((await post(app, token, { action: 'delete', confirm: 'yes' })).statusCode).toBe(400)
    expect(store.trialChanges(lead?.id ?? 0)).toEqual([])
    await app.close()
    store.close()
  })

  it('cancels her trial after she confirms; a cancelled trial is not moved and offers the school’s phone', async () => {
    const { app, store } = await service()
    const token = await book(app)
    const [lead] = store.list({ limit: 1 })
    const cancelled = await post(app, token, { action: 'cancel', confirm: 'yes' })
    expect(cancelled.statusCode).toBe(303)
    expect(cancelled.headers.location).toBe(`${token}?done=cancelled`)
    const page = text((await app.inject({ url: `/trial/${token}?done=cancelled` })).body)
    expect(page).toContain('Запись отменена.')
    expect(page).toContain('Запись на пробный урок отменена')
    expect(page).toContain('позвоните нам: +7 (8512) 11-22-33')
    expect(page).not.toContain('Перенести')
    const move = await post(app, token, { action: 'move', at: '2026-12-05T10:00', confirm: 'yes' })
    expect(move.statusCode).toBe(409)
    expect(text(move.body)).toContain('Запись уже отменена, перенести её нельзя.')
    expect((await post(app, token, { action: 'cancel', confirm: 'yes' })).statusCode).toBe(200)
    expect(store.trialOfLead(lead?.id ?? 0)).toMatchObject({
      state: 'cancelled',
      at: '2026-11-28T10:00',
    })
    expect(store.trialChanges(lead?.id ?? 0).map(({ change }) => change)).toEqual(['cancelled'])
    await app.close()
    store.close()
  })

  it('refuses a form of another site, and takes one of her page or the site', async () => {
    const { app, store } = await service()
    const token = await book(app)
    const [lead] = store.list({ limit: 1 })
    const cancel = { action: 'cancel', confirm: 'yes' }
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:80', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:80', 'sec-fetch-site': 'same-site' },
    ]) {
      const refused = await post(app, token, cancel, headers)
      expect(refused.statusCode).toBe(403)
      expect(text(refused.body)).toContain('Изменить запись можно только на её странице.')
    }
    expect(store.trialOfLead(lead?.id ?? 0)?.state).toBe('booked')
    // Her page's own form: Chrome sends `Origin: null` under its no-referrer policy.
    const own = { origin: 'null', 'sec-fetch-site': 'same-origin' }
    expect((await post(app, token, { action: 'cancel' }, own)).statusCode).toBe(200)
    expect((await post(app, token, { action: 'cancel' }, { origin: SITE })).statusCode).toBe(200)
    const origins = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }
    expect((await post(app, token, { action: 'cancel' }, origins)).statusCode).toBe(403)
    await app.close()
    store.close()
  })

  it('changes only the trial of the link: another lead’s stays as it was', async () => {
    const { app, store } = await service()
    const hers = await book(app, 'Анна')
    const other = await book(app, 'Вера')
    const [second, first] = store.list({ limit: 2 })
    const posted = await post(app, hers, {
      action: 'cancel',
      confirm: 'yes',
      leadId: String(second?.id),
      token: other,
    })
    expect(posted.statusCode).toBe(303)
    expect(store.trialOfLead(first?.id ?? 0)?.state).toBe('cancelled')
    expect(store.trialOfLead(second?.id ?? 0)?.state).toBe('booked')
    await app.close()
    store.close()
  })

  it('limits requests per address, the size of a post and its kind', async () => {
    const { app, store } = await service({ rateMax: 3 })
    const token = await book(app)
    for (let count = 0; count < 3; count += 1) {
      expect((await app.inject({ url: `/trial/${token}` })).statusCode).toBe(200)
    }
    const limited = await app.inject({ url: `/trial/${token}` })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(text(limited.body)).toContain('Слишком много запросов.')
    // Guessing links costs the same budget.
    expect((await app.inject({ url: `/trial/${'B'.repeat(22)}` })).statusCode).toBe(429)
    await app.close()
    store.close()

    const fresh = await service()
    const mine = await book(fresh.app)
    const big = await post(fresh.app, mine, {
      action: 'cancel',
      confirm: 'yes',
      padding: 'x'.repeat(TRIAL_PAGE_BODY_LIMIT),
    })
    const json = await fresh.app.inject({
      method: 'POST',
      url: `/trial/${mine}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'cancel', confirm: 'yes' }),
    })
    expect(json.statusCode).toBe(415)
    expect(big.statusCode).toBe(413)
    expect(text(big.body)).toContain('Запрос не удалось прочитать.')
    expect(fresh.store.trialChanges(fresh.store.list({ limit: 1 })[0]?.id ?? 0)).toEqual([])
    await fresh.app.close()
    fresh.store.close()
  })
})

describe('reminders on her page', () => {
  it('links the school’s bot with her token once its name is known, and says when they are on', async () => {
    const none = await service()
    const withoutBot = await book(none.app)
    const page = await none.app.inject({ url: `/trial/${withoutBot}` })
    expect(text(page.body)).not.toContain('Напомнить в Telegram')
    await none.app.close()
    none.store.close()

    const { app, store } = await service({ botUsername: 'itlab_school_bot' })
    const token = await book(app)
    const offered = await app.inject({ url: `/trial/${token}` })
    expect(offered.body).toContain(
      `<a class="button" href="https://t.me/itlab_school_bot?start=${token}" rel="noopener noreferrer">Напомнить в Telegram</a>`,
    )
    store.applyParentUpdate(
      1,
      { kind: 'link', tokenHash: hashTrialToken(token), chatId: 501, told: [] },
      NOW,
    )
    const on = text((await app.inject({ url: `/trial/${token}` })).body)
    expect(on).toContain(
      'Напоминания в Telegram включены. Чтобы отключить их, отправьте боту /stop.',
    )
    expect(on).not.toContain('Напомнить в Telegram')
    await app.close()
    store.close()
  })
})

describe('what her page says of the school', () => {
  it('is read from the content: its phone, its address and the map links', async () => {
    const { readFileSync } = await import('node:fs')
    const { contentDir } = await import('@it-lab/shared/content')
    const read = readPageFacts()
    const school = parseSchoolFacts(
      JSON.parse(readFileSync(path.join(contentDir(), 'school.json'), 'utf8')),
    ).facts
    expect(read).toMatchObject({
      school: school.name,
      phone: school.phone.number,
      address: `г. ${school.city}, ${school.address.street}`,
      maps: mapLinks({ address: `${school.city}, ${school.address.street}`, geo: school.geo }),
    })
  })
})

describe('what a forged request cannot do', () => {
  it('changes nothing for a field sent twice, nor for a GET that asks to be taken as a POST', async () => {
    const { app, store } = await service()
    const token = await book(app)
    const twice = await app.inject({
      method: 'POST',
      url: `/trial/${token}`,
      headers: { 'content-type': FORM, origin: 'http://localhost:80' },
      payload: 'action=move&at=2026-12-05T10:00&at=2026-12-19T10:00&confirm=yes',
    })
    expect(twice.statusCode).toBe(400)
    const overridden = await app.inject({
      method: 'GET',
      url: `/trial/${token}`,
      headers: { 'x-http-method-override': 'POST', 'content-type': FORM },
      payload: 'action=cancel&confirm=yes',
    })
    expect(overridden.statusCode).toBe(200)
    expect(store.trialByTokenHash(hashTrialToken(token))).toMatchObject({
      at: '2026-11-28T10:00',
      state: 'booked',
      changedAt: null,
    })
    await app.close()
    store.close()
  })
})
