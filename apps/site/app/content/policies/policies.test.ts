import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { readBuildSettings } from '../../../vite/build-settings.ts'
import { consentVersionOf, policySettingsOf } from '../../../vite/consent-version.ts'
import { STORAGE_KEYS } from '#app/config/browser-storage.ts'
import { school } from '#app/config/school.ts'
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

/** The lead service's variables that turn every channel besides Telegram on (0077). */
const CHANNELS_ON: NodeJS.ProcessEnv = {
  SMTP_URL: 'smtps://site%40itlab.ru:secret@smtp.yandex.ru:465',
  LEAD_EMAIL_TO: 'school@itlab.ru',
  LEAD_WEBHOOK_URL: 'https://hook.albato.ru/in/abc',
  LEAD_WEBHOOK_SECRET: 'x'.repeat(40),
  LEAD_WEBHOOK_RECEIVER: 'сервис интеграций Albato',
  ALFACRM_URL: 'https://itlab.s20.online',
  ALFACRM_API_KEY: 'alfa-secret-key',
  BITRIX24_WEBHOOK_URL: 'https://itlab.bitrix24.ru/rest/1/bitrixsecretcode/',
}

const settingsCases: [string, NodeJS.ProcessEnv][] = [
  ['defaults', {}],
  [
    'everything on',
    {
      YANDEX_METRIKA_ID: '123',
      SENTRY_DSN: 'https://key@o1.ingest.de.sentry.io/1',
      TELEGRAM_NOTIFY: 'minimal',
      LEADS_RETENTION_DAYS: '31',
    },
  ],
  ['Sentry in Russia', { SENTRY_DSN: 'https://key@sentry.example.ru/1', SENTRY_COUNTRY: 'Россия' }],
  ['every lead channel on', CHANNELS_ON],
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
    'consent withdrawn by e-mail, phone or post',
    /по электронной почте \S+, по телефону \+7 [^,]+ или почтовым отправлением/,
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
      /Сессионные cookie и записи/,
      /Постоянные cookie и записи/,
      /Технические/,
      /Аналитические и маркетинговые/,
      /Прочие/,
      /не гарантирует/,
      /Нажимая кнопку «Понятно», вы даёте согласие/,
      /Яндекс Метрика загружается только после того, как вы нажали «Понятно»/,
    ]) {
      expect(plain).toMatch(topic)
    }
  })

  it('the cookie policy names every key the site keeps in the browser, the quiz suggestion included', () => {
    for (const env of [{}, { YANDEX_METRIKA_ID: '1' }]) {
      const plain = policyPlainText(cookiePolicy(ctxWith(env)))
      for (const key of Object.values(STORAGE_KEYS)) expect(plain).toContain(`«${key}»`)
      expect(plain).toMatch(
        /«quiz_suggested_course» \(хранилище сессии[^)]*\) — номер курса, который подсказал тест на Сайте; он отправляется вместе с заявкой/,
      )
      expect(plain).toMatch(
        /«quiz_promo» \(локальное хранилище[^)]*\) — промокод, который выдал тест на Сайте, и день, когда он выдан; они отправляются вместе с заявкой[^;]*; после окончания срока промокода они больше не отправляются и стираются/,
      )
      expect(plain).toContain('Сам Сайт файлов cookie не устанавливает.')
    }
  })

  it('without Metrika the cookie policy describes no cookie the site does not set', () => {
    const plain = policyPlainText(cookiePolicy(ctxWith()))
    expect(plain).not.toMatch(/Яндекс|Метрик|_ym|IP-адрес|статистик/)
    expect(plain).toMatch(/Сервисы веб-аналитики на Сайте не подключены/)
    expect(plain).toMatch(/Аналитические и маркетинговые\nСайт их не использует\./)
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
    expect(consent).toMatch(
      /Telegram[^;]*сообщение о каждой заявке: имя, номер телефона, возраст ребёнка \(если он указан\), форма/,
    )
    expect(consent).toMatch(
      /Передача имени, номера телефона и возраста ребёнка в Telegram — трансграничная/,
    )
    expect(consent).toMatch(/Я согласен\(на\) на трансграничную передачу[^]*Telegram/)
    expect(policyPlainText(privacyPolicy(ctx))).toMatch(
      /Оператор осуществляет трансграничную передачу[^]*имя и номер телефона из заявки[^]*Telegram/,
    )
    expect(allTexts(ctx)).not.toMatch(/не осуществляет|не осуществляется/)
  })

  it('minimal Telegram notification: no personal data abroad, said as such', () => {
    const ctx = ctxWith({ TELEGRAM_NOTIFY: 'minimal' })
    expect(policyPlainText(consentDocument(ctx))).toMatch(
      /Telegram[^;]*только «Новая заявка №N»[^;]*без имени и номера телефона и без возраста ребёнка/,
    )
    expect(policyPlainText(privacyPolicy(ctx))).toMatch(/не осуществляет трансграничную передачу/)
    expect(allTexts(ctx)).not.toMatch(/Я согласен\(на\) на трансграничную/)
  })

  it('names the status desk, reminders and the digest, never with names or phones', () => {
    for (const notify of ['full', 'minimal']) {
      const consent = policyPlainText(consentDocument(ctxWith({ TELEGRAM_NOTIFY: notify })))
      expect(consent).toMatch(/к сообщению добавляются статус, имя сотрудника и время отметки/)
      expect(consent).toMatch(
        /напоминание с номером заявки[^.]*сводка[^.]*сообщение о сбое; в напоминаниях, сводке и сообщениях о сбоях нет имён и номеров/,
      )
    }
  })

  it('names the trial reminders she asks for in Telegram and the seat offer: the purpose, the stored chat id, what they carry', () => {
    for (const notify of ['full', 'minimal']) {
      const ctx = ctxWith({ TELEGRAM_NOTIFY: notify })
      for (const build of [consentDocument, privacyPolicy, personalDataPolicy]) {
        const plain = policyPlainText(build(ctx))
        expect(plain).toMatch(/напомина\S* о (бесплатном )?пробном уроке в Telegram/)
        expect(plain).toContain(
          'идентификатор чата в Telegram и время отправки каждого напоминания — только если на странице своей записи на пробный урок пользователь нажал «Напомнить в Telegram»',
        )
        expect(plain).toContain(
          'идентификатор чата удаляется, когда пользователь отправляет боту /stop, и вместе с заявкой',
        )
        expect(plain).toContain(
          'напоминания накануне вечером и за несколько часов до начала, а пользователю из листа ожидания — предложение освободившегося места (если Оператор включил такие предложения): курс, группа, дата, время и адрес урока, без имени и номера телефона',
        )
        // The bot's offer of a freed seat to a parent waiting (docs/decisions/0103): its purpose.
        expect(plain).toMatch(/освободивш\S* мест/)
      }
    }
  })

  it('states every stored field, no IP or User-Agent, the web server logs and the retention', () => {
    const ctx = ctxWith({ LEADS_RETENTION_DAYS: '31' })
    for (const build of [consentDocument, privacyPolicy, personalDataPolicy]) {
      const plain = policyPlainText(build(ctx))
      for (const field of [
        'имя и номер телефона',
        'удобная группа, если форма на странице курса предлагает выбрать её',
        'ссылка на страницу записи — только в виде хеша, сама ссылка не хранится и не записывается в журналы',
        'без имени и номера телефона; там же запись можно перенести или отменить',
        'Страница перестаёт открываться, когда заявка удалена или истёк срок её хранения',
        'возраст ребёнка — число полных лет, если его указали в окне записи на бесплатный пробный урок или в форме на странице курса: чтобы предложить группу и пробное занятие по возрасту; имя ребёнка в формах не запрашивается',
        'промокод, который выдал тест на Сайте, и день его выдачи',
        'номер заявки, её случайный идентификатор и время получения',
        'версия согласия на обработку персональных данных',
        'адрес страницы Сайта, курс, если это страница курса, и курс, который подсказал тест',
        'состояние, число попыток, ошибки, время отправки и номер сообщения в чате',
        'время отметки и имя этого сотрудника в Telegram (имя и @username), история всех статусов заявки и время напоминания',
        'IP-адрес и сведения о браузере (User-Agent) вместе с заявкой не сохраняются',
        'В журнал запросов записываются время запроса, адрес страницы без параметров, код, размер и время ответа — без IP-адреса',
        'в журнал ошибок записываются время, IP-адрес и адрес запроса',
        'Журналы удаляются автоматически не позднее чем через 15 дней',
        'Заявка удаляется автоматически через 31 день после получения',
        'хранит дольше, пока не доставит, и удаляет после доставки',
        'заменяется текстом «Заявка №N удалена…»',
        'Резервные копии базы заявок создаются каждую ночь на том же сервере и удаляются, когда становятся старше 31 дня',
        'Ещё одна копия создаётся перед каждым обновлением Сайта; из таких копий хранятся только три последние, и тоже не дольше 31 дня',
        'восстановление из копии её не возвращает',
      ]) {
        expect(plain).toContain(field)
      }
    }
    expect(policyPlainText(consentDocument(ctxWith()))).toContain('через 180 дней после получения')
  })

  it('names Metrika and Sentry only when the build has them', () => {
    const off = allTexts(ctxWith())
    expect(off).not.toMatch(/Sentry/)
    expect(off).not.toMatch(/Метрик/)
    const on = ctxWith({ YANDEX_METRIKA_ID: '1', SENTRY_DSN: 'https://k@o1.ingest.de.sentry.io/2' })
    const consent = policyPlainText(consentDocument(on))
    expect(consent).toMatch(/Яндекс Метрика[^;]*после того, как пользователь нажал «Понятно»/)
    expect(consent).toMatch(
      /Sentry \(сервер o1\.ingest\.de\.sentry\.io, Германия\): только если заявку не удалось отправить[^]*?запись действий на странице не ведётся/,
    )
  })

  it('names each lead channel only when it is on: who, what is sent and why', () => {
    const off = allTexts(ctxWith())
    expect(off).not.toMatch(/Альфа CRM|Битрикс24|почтовый ящик Оператора|другие включённые каналы/)
    const on = ctxWith(CHANNELS_ON)
    const text = allTexts(on)
    const sent =
      'имя, номер телефона, возраст ребёнка (если он указан), форму, курс (если заявка отправлена со страницы курса), удобную группу (если выбрана), курс, подсказанный тестом, промокод из теста и день его выдачи, адрес страницы Сайта, откуда пришёл посетитель, время получения и номер заявки'
    expect(text).toContain(
      `почтовый ящик Оператора для заявок: в письме о каждой заявке Оператор получает ${sent}`,
    )
    expect(text).toContain('через почтовый сервер smtp.yandex.ru')
    expect(text).toContain(
      `сервис интеграций Albato (адрес hook.albato.ru): о каждой заявке получает ${sent}`,
    )
    expect(text).toContain(
      `CRM-система «Альфа CRM» (учётная запись Оператора itlab.s20.online): о каждой заявке получает ${sent}`,
    )
    expect(text).toContain(
      `CRM-система «Битрикс24» (портал Оператора itlab.bitrix24.ru): о каждой заявке получает ${sent}`,
    )
    expect(text).toMatch(/сведения о доставке заявки в другие включённые каналы/)
    expect(text).toMatch(
      /не удалось доставить в чат Telegram или в любой другой включённый канал[^.]*пока не доставит во все/,
    )
    expect(text).toMatch(/удаляет её и там/)
    // Only hosts and names: no secret of the lead service reaches a text.
    expect(text).not.toMatch(/secret|bitrixsecretcode|abc|school@itlab/)
    // One channel alone names that one only.
    const alfaOnly = allTexts(ctxWith({ ALFACRM_URL: 'https://itlab.s20.online' }))
    expect(alfaOnly).toMatch(/Альфа CRM/)
    expect(alfaOnly).not.toMatch(/Битрикс24|почтовый ящик Оператора|сервис интеграций/)
  })

  it('a webhook without its receiver, or e-mail without a server, is refused at the build', () => {
    expect(() => ctxWith({ LEAD_WEBHOOK_URL: 'https://hook.albato.ru/in' })).toThrow(
      /LEAD_WEBHOOK_RECEIVER: нужен вместе с LEAD_WEBHOOK_URL/,
    )
    expect(() => ctxWith({ LEAD_EMAIL_TO: 'school@itlab.ru' })).toThrow(
      /LEAD_EMAIL_TO: нужен и SMTP_URL/,
    )
  })

  it('a Sentry abroad is a cross-border transfer; one in Russia is not', () => {
    const abroad = ctxWith({
      TELEGRAM_NOTIFY: 'minimal',
      SENTRY_DSN: 'https://k@o1.ingest.sentry.io/2',
    })
    expect(policyPlainText(consentDocument(abroad))).toMatch(
      /Я согласен\(на\) на трансграничную передачу моих персональных данных:\nесли заявку не удалось отправить, сведения об ошибке и IP-адрес устройства получает сервис Sentry \(сервер o1\.ingest\.sentry\.io, США\)/,
    )
    expect(policyPlainText(privacyPolicy(abroad))).toMatch(/Оператор осуществляет трансграничную/)
    const home = ctxWith({
      TELEGRAM_NOTIFY: 'minimal',
      SENTRY_DSN: 'https://k@sentry.itlab.ru/2',
      SENTRY_COUNTRY: 'Россия',
    })
    expect(policyPlainText(consentDocument(home))).toMatch(
      /Sentry \(сервер sentry\.itlab\.ru, Россия\)/,
    )
    expect(allTexts(home)).not.toMatch(/Я согласен\(на\) на трансграничную|Это трансграничная/)
    expect(policyPlainText(privacyPolicy(home))).toMatch(/не осуществляет трансграничную передачу/)
  })

  it('withdrawal and deletion go through channels that exist, and the operator deletes', () => {
    for (const build of [consentDocument, privacyPolicy, personalDataPolicy, cookiePolicy]) {
      const plain = policyPlainText(build(ctxWith()))
      expect(plain).not.toMatch(/через форму обратной связи/)
      expect(plain).toContain(
        `по электронной почте ${school.email}, по телефону ${school.phone.number}`,
      )
    }
    for (const build of [consentDocument, privacyPolicy, personalDataPolicy]) {
      expect(policyPlainText(build(ctxWith()))).toMatch(/Удаление выполняет Оператор/)
    }
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
    expect(plain).toMatch(/отозвать согласие или потребовать удалить мои данные в любой момент/)
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
    expect(
      consentVersionOf(ctxWith({ BITRIX24_WEBHOOK_URL: 'https://a.bitrix24.ru/rest/1/c/' })),
    ).not.toBe(base)
    const sentry = (country: string) =>
      consentVersionOf(
        ctxWith({ SENTRY_DSN: 'https://k@sentry.itlab.ru/2', SENTRY_COUNTRY: country }),
      )
    expect(sentry('Россия')).not.toBe(sentry('Германия'))
    expect(consentVersionOf({ ...ctxWith(), email: 'other@school.ru' })).not.toBe(base)
    expect(consentVersionOf({ ...ctxWith(), effectiveDate: '2026-01-15' })).toMatch(/^2026-01-15\./)
  })

  it('formats the edition date in Russian', () => {
    expect(formatRuDate('2025-09-01')).toBe('1 сентября 2025 г.')
    expect(formatRuDate('2026-12-31')).toBe('31 декабря 2026 г.')
  })
})
