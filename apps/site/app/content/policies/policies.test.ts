import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { readBuildSettings } from '../../../build-settings.ts'
import { consentVersionOf, policySettingsOf } from '../../../scripts/consent-version.ts'
import { school } from '../../config/school.ts'
import { consentDocument } from './consent.ts'
import { cookiePolicy } from './cookie-policy.ts'
import { personalDataPolicy } from './personal-data-policy.ts'
import { formatRuDate, policyContext, type PolicyContext } from './policy-context.ts'
import { type PolicyDocument, policyPlainText } from './policy-document.ts'
import { privacyPolicy } from './privacy-policy.ts'

const text = z.string().trim().min(1)
const subsectionSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .optional(),
  heading: text,
  paragraphs: z.array(text).min(1).optional(),
  items: z.array(text).min(1).optional(),
})
const policySchema = z.strictObject({
  title: text,
  updated: text.optional(),
  place: text.optional(),
  intro: z.array(text).optional(),
  sections: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]+$/),
        heading: text,
        paragraphs: z.array(text).min(1).optional(),
        items: z.array(text).min(1).optional(),
        subsections: z.array(subsectionSchema).min(1).optional(),
      }),
    )
    .min(1),
  closing: z.array(text).optional(),
})

/** The context of a build with the given settings (the facts are the shipped ones). */
function ctxWith(env: NodeJS.ProcessEnv = {}): PolicyContext {
  return policyContext(
    school,
    policySettingsOf(readBuildSettings({ SITE_URL: 'https://itlab.example', ...env })),
  )
}

const builders: [string, (ctx: PolicyContext) => PolicyDocument][] = [
  ['cookie policy', cookiePolicy],
  ['privacy policy', privacyPolicy],
  ['personal data policy', personalDataPolicy],
  ['consent', consentDocument],
]

const settingsCases: [string, NodeJS.ProcessEnv][] = [
  ['defaults', {}],
  [
    'everything on',
    {
      YANDEX_METRIKA_ID: '123',
      SENTRY_DSN: 'https://key@sentry.example.ru/1',
      TELEGRAM_NOTIFY: 'minimal',
      LEADS_RETENTION_DAYS: '31',
    },
  ],
]

// The periods the legal texts state (docs/behaviour.md).
const PERIODS: [string, RegExp][] = [
  ['blocking within 3 working days', /блокир[^.]*3 рабочих дней/],
  ['regulator notified within 24 hours', /в течение 24 часов[^.]*Роскомнадзор/],
  ['investigation results within 72 hours', /в течение 72 часов[^.]*расследовани/],
  ['correction within 7 working days', /уточняет[^.]*7 рабочих дней/],
  ['unlawful data destroyed within 10 working days', /10 рабочих дней с даты выявления/],
  ['destruction within 30 days', /уничтожает[^.]*30 дней/],
  ['illegally obtained data deleted within 7 working days', /незаконно получен[^.]*7 рабочих дней/],
  ['stop processing within 10 working days', /прекра[щт][^.]*10 рабочих дней/],
  ['extendable by 5 working days', /продлён не более чем на 5 рабочих дней[^.]*мотивированн/],
  ['regulator request within 30 days', /Роскомнадзор[^.]*30 дней с даты получения/],
  ['consent lasts 3 years', /Согласие[^.]*действует в течение 3 лет/],
  [
    'consent withdrawn by e-mail, feedback form or post',
    /по электронной почте \S+, через форму обратной связи на Сайте или почтовым отправлением/,
  ],
]

describe('policies', () => {
  describe.each(settingsCases)('built with %s', (_case, env) => {
    const ctx = ctxWith(env)
    it.each(builders)('%s matches the document schema, with unique anchors', (_name, build) => {
      const document = build(ctx)
      const result = policySchema.safeParse(document)
      expect(result.success, result.error ? z.prettifyError(result.error) : '').toBe(true)
      const ids = document.sections.flatMap((s) => [
        s.id,
        ...(s.subsections ?? []).flatMap((sub) => (sub.id ? [sub.id] : [])),
      ])
      expect(new Set(ids).size).toBe(ids.length)
      const plain = policyPlainText(document)
      expect(plain).not.toMatch(/\$\{|\{\{|undefined|null/)
      expect(plain).toContain(school.owner.inn)
    })
  })

  describe.each([
    ['personal data policy', personalDataPolicy],
    ['privacy policy', privacyPolicy],
  ] as const)('%s states every period', (_name, build) => {
    const plain = policyPlainText(build(ctxWith()))
    it.each(PERIODS)('%s', (_period, pattern) => {
      expect(plain).toMatch(pattern)
    })
  })

  it('personal data policy is numbered 1 to 6, dated and signed in the city', () => {
    const document = personalDataPolicy(ctxWith())
    expect(document.sections.map((s) => s.heading.split(' ')[0])).toEqual([
      '1.',
      '2.',
      '3.',
      '4.',
      '5.',
      '6.',
    ])
    expect(document.updated).toBe(formatRuDate(school.policiesEffectiveDate))
    expect(document.place).toBe(`г. ${school.city}`)
    const plain = policyPlainText(document)
    for (const topic of [
      /Оператор имеет право/,
      /Оператор обязан/,
      /Субъект персональных данных[^:]*имеет право/,
      /в следующих целях/,
      /Правовыми основаниями/,
      /Кандидаты для приёма на работу/,
      /Работники/,
      /Члены семьи работников/,
      /Клиенты и контрагенты/,
      /Представители/,
      /Порядок и условия обработки/,
      /запрос/,
    ]) {
      expect(plain).toMatch(topic)
    }
  })

  it('cookie policy covers its points and says «Понятно» is consent', () => {
    const plain = policyPlainText(cookiePolicy(ctxWith({ YANDEX_METRIKA_ID: '1' })))
    for (const topic of [
      /IP-адрес/,
      /браузер/,
      /операционная система/,
      /просмотренные страницы/,
      /время, проведённое на Сайте/,
      /источник перехода/,
      /идентификаторы устройства и сессии/,
      /обеспечения работы Сайта/,
      /Сессионные cookie/,
      /Постоянные cookie/,
      /Технические/,
      /Аналитические и маркетинговые/,
      /Прочие/,
      /не гарантирует/,
      /Нажимая кнопку «Понятно», вы даёте согласие/,
      /Яндекс Метрика[^.]*только после того, как вы нажали «Понятно»/,
    ]) {
      expect(plain).toMatch(topic)
    }
  })

  it('no document bundles an advertising consent', () => {
    for (const [, build] of builders) {
      const plain = policyPlainText(build(ctxWith()))
      expect(plain).not.toMatch(/рекламн(ой|ых) (информации|сообщений|рассылок)/)
      expect(plain).not.toMatch(/38-ФЗ/)
    }
  })

  it('the privacy policy points to the consent document instead of holding the consent', () => {
    const document = privacyPolicy(ctxWith())
    const last = document.sections.at(-1)
    expect(last?.heading).toMatch(/Согласие на обработку персональных данных/)
    expect(last?.paragraphs?.join(' ')).toContain('https://itlab.example/consent')
    expect(last?.paragraphs?.join(' ')).toMatch(/несовершеннолетнего/)
  })
})

describe('what the texts say the system does', () => {
  const allTexts = (ctx: PolicyContext) =>
    builders.map(([, build]) => policyPlainText(build(ctx))).join('\n')

  it('full Telegram notification: name and phone leave the country, said as such', () => {
    const ctx = ctxWith({ TELEGRAM_NOTIFY: 'full' })
    const consent = policyPlainText(consentDocument(ctx))
    expect(consent).toMatch(/Telegram[^;]*получает имя и номер телефона/)
    expect(consent).toMatch(/трансграничную передачу/)
    expect(policyPlainText(privacyPolicy(ctx))).toMatch(
      /Оператор осуществляет трансграничную передачу/,
    )
    expect(allTexts(ctx)).not.toMatch(/не осуществляет трансграничную передачу/)
  })

  it('minimal Telegram notification: no personal data abroad, said as such', () => {
    const ctx = ctxWith({ TELEGRAM_NOTIFY: 'minimal' })
    expect(policyPlainText(consentDocument(ctx))).toMatch(
      /Telegram[^;]*только уведомление с номером новой заявки, без имени и номера телефона/,
    )
    expect(policyPlainText(privacyPolicy(ctx))).toMatch(/не осуществляет трансграничную передачу/)
    expect(allTexts(ctx)).not.toMatch(/Я согласен\(на\) на трансграничную/)
  })

  it('states the stored fields, no IP or User-Agent, and the retention setting', () => {
    const ctx = ctxWith({ LEADS_RETENTION_DAYS: '31' })
    for (const build of [consentDocument, privacyPolicy, personalDataPolicy]) {
      const plain = policyPlainText(build(ctx))
      expect(plain).toMatch(
        /имя, номер телефона, форма, через которую отправлена заявка, время отправки, версия согласия/,
      )
      expect(plain).toMatch(
        /IP-адрес и сведения о браузере \(User-Agent\) вместе с заявкой не сохраняются/,
      )
      expect(plain).toContain('через 31 день после получения')
    }
    expect(policyPlainText(consentDocument(ctxWith()))).toContain('180 дней')
  })

  it('names Metrika and Sentry only when the build has them', () => {
    const off = allTexts(ctxWith())
    expect(off).not.toMatch(/Sentry/)
    expect(policyPlainText(consentDocument(ctxWith()))).not.toMatch(/Метрика/)
    const on = ctxWith({ YANDEX_METRIKA_ID: '1', SENTRY_DSN: 'https://k@errors.example.ru/2' })
    const consent = policyPlainText(consentDocument(on))
    expect(consent).toMatch(/Яндекс Метрика[^;]*после того, как пользователь нажал «Понятно»/)
    expect(consent).toMatch(/Sentry \(сервер errors\.example\.ru\)/)
  })

  it('the consent names the operator from the facts file, its purposes, data, term and withdrawal', () => {
    const plain = policyPlainText(consentDocument(ctxWith()))
    expect(plain).toContain(school.owner.name)
    expect(plain).toContain(`ИНН ${school.owner.inn}`)
    expect(plain).toContain(`ОГРНИП ${school.owner.ogrnip}`)
    for (const heading of [
      'Оператор',
      'Цели обработки',
      'Перечень персональных данных',
      'Кому передаются данные и где они находятся',
      'Срок действия и отзыв согласия',
    ]) {
      expect(plain).toContain(heading)
    }
    expect(plain).toMatch(/отозвать согласие в любой момент/)
  })
})

describe('consent version', () => {
  it('is the effective date and the first 8 hex digits of the SHA-256 of the text', () => {
    const ctx = ctxWith()
    const version = consentVersionOf(ctx)
    expect(version).toMatch(/^\d{4}-\d{2}-\d{2}\.[0-9a-f]{8}$/)
    expect(version.startsWith(`${school.policiesEffectiveDate}.`)).toBe(true)
    expect(consentVersionOf(ctx)).toBe(version)
  })

  it('changes whenever the text does', () => {
    const base = consentVersionOf(ctxWith())
    expect(consentVersionOf(ctxWith({ TELEGRAM_NOTIFY: 'minimal' }))).not.toBe(base)
    expect(consentVersionOf(ctxWith({ LEADS_RETENTION_DAYS: '90' }))).not.toBe(base)
    expect(consentVersionOf({ ...ctxWith(), email: 'other@school.ru' })).not.toBe(base)
    expect(consentVersionOf({ ...ctxWith(), effectiveDate: '2026-01-15' })).toMatch(/^2026-01-15\./)
  })

  it('formats the edition date in Russian', () => {
    expect(formatRuDate('2025-09-01')).toBe('1 сентября 2025 г.')
    expect(formatRuDate('2026-12-31')).toBe('31 декабря 2026 г.')
  })
})
