import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { GROUPS, OTHER_TIME, courseEntry, groupTimeText } from '@it-lab/shared'
import { createTelegramClient } from './telegram.ts'
import {
  REPEAT_NOTE,
  TELEGRAM_TEXT_LIMIT,
  escapeHtml,
  formatLeadMessage,
} from './telegram-message.ts'
import type { TelegramClient } from './telegram.ts'
import { startFakeTelegram } from '../harness/fake-telegram.ts'
import type { FakeTelegram } from '../harness/fake-telegram.ts'

vi.mock(import('@it-lab/shared'), async (importOriginal) => {
  const { withMadeUpGroup } = await import('../test/helpers.ts')
  return withMadeUpGroup(await importOriginal())
})

const lead = {
  id: 42,
  receivedAt: '2025-01-15T10:05:00.000Z',
  name: 'Анна',
  phone: '+7 (912) 345-67-89',
  form: 'feedback',
}

// Every & must start one of the four entities Telegram knows; no surrogate may be cut in half.
const BROKEN_ENTITY = /&(?!(amp|lt|gt|quot);)/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

describe('escapeHtml', () => {
  it.each([
    ['Анна', 'Анна'],
    ['<b>x</b>', '&lt;b&gt;x&lt;/b&gt;'],
    ['Tom & "Jerry"', 'Tom &amp; &quot;Jerry&quot;'],
    ['&amp;', '&amp;amp;'],
    ["O'Neil", "O'Neil"],
  ])('%j → %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected)
  })
})

describe('formatLeadMessage', () => {
  it('reads as a Russian notice with the local Astrakhan time', () => {
    expect(formatLeadMessage(lead)).toBe(
      [
        '<b>Новая заявка с сайта</b>',
        '',
        '<b>Имя:</b> Анна',
        '<b>Телефон:</b> +7 (912) 345-67-89',
        '<b>Форма:</b> Форма обратной связи',
        '<b>Время:</b> 15.01.2025, 14:05 (Астрахань)',
        '<b>Заявка №</b>42',
      ].join('\n'),
    )
  })

  it.each([
    ['feedback', 'Форма обратной связи'],
    ['trial_lesson_popup', 'Окно «Бесплатный пробный урок»'],
    ['<unknown>', '&lt;unknown&gt;'],
  ])('labels form %s', (form, label) => {
    expect(formatLeadMessage({ ...lead, form })).toContain(`<b>Форма:</b> ${label}\n`)
  })

  it('names the chosen group by its course, days and time; «другое время»; unknown text as sent', () => {
    const [group] = GROUPS
    if (!group) throw new Error('the test gives the first course a group')
    const line = (value: string) =>
      formatLeadMessage({ ...lead, group: value })
        .split('\n')
        .find((text) => text.startsWith('<b>Группа:</b>'))
    expect(line(group.id)).toBe(
      `<b>Группа:</b> ${courseEntry(group.course)?.title ?? ''}, ${groupTimeText(group)}`,
    )
    expect(line(group.id)).toMatch(/, (Пн|Вт|Ср|Чт|Пт|Сб|Вс)[^,]* \d\d:\d\d–\d\d:\d\d$/)
    expect(line(OTHER_TIME)).toBe('<b>Группа:</b> другое время')
    expect(line('суббота <утром>')).toBe('<b>Группа:</b> суббота &lt;утром&gt;')
    expect(formatLeadMessage(lead)).not.toContain('Группа')
    expect(formatLeadMessage({ ...lead, group: OTHER_TIME }, { notify: 'minimal' })).toContain(
      '<b>Группа:</b> другое время',
    )
  })

  it('says the lesson chosen for the trial under the group’s line, in the minimal message too', () => {
    const lines = (message: string) => message.split('\n')
    const full = lines(
      formatLeadMessage({ ...lead, group: OTHER_TIME, trialAt: '2026-12-05T10:00' }),
    )
    expect(full[full.indexOf('<b>Группа:</b> другое время') + 1]).toBe(
      '<b>Пробное:</b> сб 5 декабря, 10:00',
    )
    expect(
      formatLeadMessage({ ...lead, trialAt: '2026-12-05T10:00' }, { notify: 'minimal' }),
    ).toContain('<b>Пробное:</b> сб 5 декабря, 10:00')
    expect(formatLeadMessage({ ...lead, group: OTHER_TIME })).not.toContain('Пробное')
  })

  it('says the child’s age under the phone, never in the minimal message', () => {
    const trial = { ...lead, form: 'trial_lesson_popup', childAge: 9 }
    expect(formatLeadMessage(trial)).toContain(
      '<b>Телефон:</b> +7 (912) 345-67-89\n<b>Возраст ребёнка:</b> 9 лет\n<b>Форма:</b>',
    )
    expect(formatLeadMessage({ ...trial, childAge: 17 })).toContain(
      '<b>Возраст ребёнка:</b> 17 лет',
    )
    expect(formatLeadMessage(lead)).not.toContain('Возраст')
    expect(formatLeadMessage(trial, { notify: 'minimal' })).not.toContain('Возраст')
  })

  it('names the quiz’s promo code and the day it was given after the quiz’s suggestion, in either mode', () => {
    const quizLead = { ...lead, quiz: 4, promoCode: 'ТЕСТ-10', promoDate: '2025-01-12' }
    const line = '<b>Промокод из теста:</b> ТЕСТ-10, выдан 12.01.2025'
    expect(formatLeadMessage(quizLead)).toContain(
      `<b>Тест подсказал:</b> ${courseEntry(4)?.title ?? ''}\n${line}\n`,
    )
    expect(formatLeadMessage(quizLead, { notify: 'minimal' })).toContain(line)
    expect(formatLeadMessage({ ...lead, promoCode: '<ТЕСТ>', promoDate: null })).toContain(
      '<b>Промокод из теста:</b> &lt;ТЕСТ&gt;\n',
    )
    expect(formatLeadMessage(lead)).not.toContain('Промокод')
  })

  it('names the source in one line: the tags, else the click id or the linking site; none without one', () => {
    const line = (source: Parameters<typeof formatLeadMessage>[0]['source']) =>
      formatLeadMessage({ ...lead, source })
        .split('\n')
        .filter((text) => text.startsWith('<b>Источник:</b>'))
    const tags = { utm_source: 'yandex', utm_medium: 'cpc', utm_campaign: 'zima-2027' }
    expect(line({ visit: { ...tags, utm_term: 'python', landing: '/' } })).toEqual([
      '<b>Источник:</b> yandex / cpc / zima-2027',
    ])
    expect(line({ visit: { referrer: 'yandex.ru', landing: '/' } })).toEqual([
      '<b>Источник:</b> yandex.ru (переход)',
    ])
    expect(line({ visit: { yclid: '123' } })).toEqual(['<b>Источник:</b> Яндекс Директ'])
    expect(line({ visit: { landing: '/' }, first: { utm_source: 'vk<b>' } })).toEqual([
      '<b>Источник:</b> vk&lt;b&gt; (первый визит)',
    ])
    expect(line({ visit: { landing: '/course/4' } })).toEqual([])
    expect(line({})).toEqual([])
    expect(line(undefined)).toEqual([])
    // The ClientID is for Metrika only: the chat never shows it.
    expect(
      formatLeadMessage({ ...lead, source: { client_id: '1732000000123456789' } }),
    ).not.toMatch(/Источник|1732000000123456789/)
  })

  it('escapes markup in user text', () => {
    const text = formatLeadMessage({ ...lead, name: '<a href="x">Иван</a> & Co' })
    expect(text).toContain('<b>Имя:</b> &lt;a href=&quot;x&quot;&gt;Иван&lt;/a&gt; &amp; Co\n')
    expect(text).not.toContain('<a')
  })

  it.each([
    ['plain letters', 'я'.repeat(10_000)],
    ['ampersands (5× when escaped)', '&'.repeat(10_000)],
    ['emoji (surrogate pairs)', '😀'.repeat(5_000)],
    ['mixed', '<&>"😀'.repeat(2_000)],
  ])('keeps a message with a huge name of %s under the limit', (_case, name) => {
    const text = formatLeadMessage({ ...lead, name, phone: '&'.repeat(500) })
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT)
    expect(text.length).toBeGreaterThan(TELEGRAM_TEXT_LIMIT - 10)
    expect(text).toMatch(/^<b>Новая заявка с сайта<\/b>/)
    expect(text).toMatch(/… *\n<b>Телефон:<\/b> (&amp;)+…\n/)
    expect(text).toMatch(/<b>Заявка №<\/b>42$/)
    expect(text).not.toMatch(BROKEN_ENTITY)
    expect(text).not.toMatch(LONE_SURROGATE)
  })
})

describe('formatLeadMessage options', () => {
  it('minimal: the lead number only, no name, no phone', () => {
    expect(formatLeadMessage(lead, { notify: 'minimal' })).toBe('Новая заявка №42')
  })

  it('labels a lead that came without a form', () => {
    expect(formatLeadMessage({ ...lead, form: 'unknown' })).toContain('<b>Форма:</b> не указана\n')
  })

  it('marks a possible repeat above the message, in either mode', () => {
    expect(formatLeadMessage(lead, { repeat: true })).toMatch(
      /^<i>Повторная отправка: эта заявка могла прийти раньше\.<\/i>\n<b>Новая заявка с сайта<\/b>/,
    )
    expect(formatLeadMessage(lead, { notify: 'minimal', repeat: true })).toBe(
      `${REPEAT_NOTE}\nНовая заявка №42`,
    )
    const long = formatLeadMessage({ ...lead, name: 'я'.repeat(10_000) }, { repeat: true })
    expect(long.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT)
  })
})

describe('createTelegramClient', () => {
  let fake: FakeTelegram
  let client: TelegramClient
  beforeAll(async () => {
    fake = await startFakeTelegram('123:secret-token')
    client = createTelegramClient({
      apiUrl: fake.url,
      token: fake.token,
      chatId: '-100500',
      timeoutMs: 2_000,
      sendTimeoutMs: 2_000,
    })
  })
  afterAll(() => fake.close())

  it('sends HTML to the chat and returns the message id', async () => {
    fake.queue({ kind: 'ok' })
    const result = await client.send('<b>hi</b>')
    expect(result).toEqual({ ok: true, messageId: expect.any(Number) })
    expect(fake.messages.at(-1)).toMatchObject({
      chatId: '-100500',
      text: '<b>hi</b>',
      parseMode: 'HTML',
    })
  })

  it.each([
    [
      '500',
      { kind: 'error', status: 500 } as const,
      { ok: false, kind: 'transient', error: 'HTTP 500 Internal Server Error', status: 500 },
    ],
    [
      '400 with description',
      { kind: 'error', status: 400, description: 'Bad Request: chat not found' } as const,
      {
        ok: false,
        kind: 'permanent',
        error: 'HTTP 400 Bad Request: chat not found',
        status: 400,
      },
    ],
    [
      '403 bot blocked',
      {
        kind: 'error',
        status: 403,
        description: 'Forbidden: bot was blocked by the user',
      } as const,
      {
        ok: false,
        kind: 'permanent',
        error: 'HTTP 403 Forbidden: bot was blocked by the user',
        status: 403,
      },
    ],
    [
      '429 with retry_after',
      { kind: 'retry_after', seconds: 3 } as const,
      {
        ok: false,
        kind: 'transient',
        error: expect.stringContaining('HTTP 429'),
        status: 429,
        retryAfterMs: 3000,
      },
    ],
    [
      'connection reset',
      { kind: 'reset' } as const,
      { ok: false, kind: 'uncertain', error: expect.stringContaining('fetch failed') },
    ],
  ])('reports %s as a failure', async (_case, behaviour, expected) => {
    fake.queue(behaviour)
    const result = await client.send('x')
    expect(result).toEqual(expected)
  })

  it('reports connection refused without leaking the token', async () => {
    await fake.down()
    const result = await client.send('x')
    await fake.up()
    expect(result.ok).toBe(false)
    expect(result).toMatchObject({ kind: 'transient' })
    if (!result.ok) {
      expect(result.error).toMatch(/ECONNREFUSED/)
      expect(result.error).not.toContain('secret-token')
    }
  })

  it('gives up on a request that hangs past the timeout', async () => {
    const impatient = createTelegramClient({
      apiUrl: fake.url,
      token: fake.token,
      chatId: '1',
      timeoutMs: 100,
      sendTimeoutMs: 100,
    })
    fake.queue({ kind: 'hang' })
    const result = await impatient.send('x')
    expect(result).toEqual({
      ok: false,
      kind: 'uncertain',
      error: expect.stringMatching(/^TimeoutError/),
    })
  })
})
