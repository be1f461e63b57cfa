import type { SchoolFacts } from '@it-lab/shared/school-facts-schema'
import { pluralRu } from '../plural.ts'
import { russianDate } from '../russian-date.ts'

// What the legal texts need to know: the operator (from the facts file) and what the system
// really does with a lead (from the build settings the lead service shares: the Telegram
// notification mode, the retention period; Metrika and Sentry only when they are set). Every data
// flow the texts name is written here once, from these settings (docs/decisions/0023, 0028).

/**
 * The lead channels on besides Telegram (docs/decisions/0077), as build-settings.ts reads them
 * from the lead service's variables: each null when off, else what the texts name of it.
 */
export type LeadChannels = {
  /** The mail server the letters go through (SMTP_URL's host). */
  email: { server: string } | null
  /** Who receives the webhook (LEAD_WEBHOOK_RECEIVER) and its host. */
  webhook: { receiver: string; host: string } | null
  /** The school's AlfaCRM account (its host, <school>.s20.online). */
  alfacrm: { host: string } | null
  /** The school's Bitrix24 portal (its host). */
  bitrix24: { host: string } | null
}

/** The build settings the texts depend on (see build-settings.ts; named as env.ts names them). */
export type PolicySettings = {
  siteUrl: string
  metrikaId: string
  sentryDsn: string
  /** The Sentry server's country as build-settings.ts resolved it ('' without Sentry). */
  sentryCountry: string
  telegramNotify: 'full' | 'minimal'
  retentionDays: number
  leadChannels: LeadChannels
}

export type SentryServer = { host: string; country: string }

export type PolicyContext = {
  schoolName: string
  city: string
  /** 'ИП Фамилия Имя Отчество'. */
  operatorName: string
  inn: string
  ogrnip: string
  email: string
  /** The school's phone number, '+7 (…) …'. */
  phone: string
  /** Postal address with the postal code. */
  postalAddress: string
  siteUrl: string
  /** YYYY-MM-DD. */
  effectiveDate: string
  telegramNotify: 'full' | 'minimal'
  retentionDays: number
  metrika: boolean
  /** Where Sentry reports go, or null when Sentry is off. */
  sentry: SentryServer | null
  leadChannels: LeadChannels
}

export function policyContext(facts: SchoolFacts, settings: PolicySettings): PolicyContext {
  return {
    schoolName: facts.name,
    city: facts.city,
    operatorName: facts.owner.name,
    inn: facts.owner.inn,
    ogrnip: facts.owner.ogrnip,
    email: facts.email,
    phone: facts.phone.number,
    postalAddress: `${facts.address.postalCode}, г. ${facts.city}, ${facts.address.street}`,
    siteUrl: settings.siteUrl,
    effectiveDate: facts.policiesEffectiveDate,
    telegramNotify: settings.telegramNotify,
    retentionDays: settings.retentionDays,
    metrika: settings.metrikaId !== '',
    sentry: settings.sentryDsn
      ? { host: new URL(settings.sentryDsn).host, country: settings.sentryCountry }
      : null,
    leadChannels: settings.leadChannels,
  }
}

/** Whether any channel besides Telegram is on. */
function extraChannels(ctx: PolicyContext): boolean {
  return Object.values(ctx.leadChannels).some((channel) => channel !== null)
}

/** '2025-09-01' → '1 сентября 2025 г.' (no Intl: the same text in Node and every browser). */
export function formatRuDate(isoDate: string): string {
  return `${russianDate(isoDate)} г.`
}

/** The date and place every policy document is signed with. */
export function signature(ctx: PolicyContext): { updated: string; place: string } {
  return { updated: formatRuDate(ctx.effectiveDate), place: `г. ${ctx.city}` }
}

/** 'ИП …, ИНН …, ОГРНИП …' as the texts name the operator. */
export function operatorLine(ctx: PolicyContext): string {
  return `${ctx.operatorName} (ИНН ${ctx.inn}, ОГРНИП ${ctx.ogrnip})`
}

/** '180 дней', '31 день': after «через». */
export function retentionPeriod(ctx: PolicyContext): string {
  return `${ctx.retentionDays} ${pluralRu(ctx.retentionDays, ['день', 'дня', 'дней'])}`
}

/** '180 дней', '31 дня': after «не дольше» and «старше». */
function retentionPeriodGenitive(ctx: PolicyContext): string {
  return `${ctx.retentionDays} ${pluralRu(ctx.retentionDays, ['дня', 'дней', 'дней'])}`
}

/**
 * How long nginx's logs live: Debian's logrotate turns /var/log/nginx/*.log over daily and keeps
 * 14 old files, so a line is gone within 15 days (deploy/README.md, "Logs").
 */
const WEB_SERVER_LOG_DAYS = 15

/** The ways a person reaches the operator to withdraw consent or ask for deletion; all exist. */
export function contactChannels(ctx: PolicyContext): string {
  return `по электронной почте ${ctx.email}, по телефону ${ctx.phone} или почтовым отправлением по адресу ${ctx.postalAddress}`
}

/** What the lead service stores with each lead (docs/behaviour.md, "Lead service"), as list items. */
export function storedLeadData(ctx: PolicyContext): string[] {
  const others = extraChannels(ctx)
    ? [
        'сведения о доставке заявки в другие включённые каналы (перечислены среди получателей): состояние, число попыток, ошибки, время доставки и номер заявки в принимающей системе;',
      ]
    : []
  return [
    'имя и номер телефона, указанные в форме;',
    'удобная группа, если форма на странице курса предлагает выбрать её: какая группа выбрана (её дни и время) или «другое время»;',
    'запись на бесплатный пробный урок, если выбрана группа из расписания: дата и время занятия (или «другое время», если его согласуют по телефону), записан ли ребёнок или запись отменена, когда родитель перенёс или отменил её сам, и ссылка на страницу записи — только в виде хеша, сама ссылка не хранится и не записывается в журналы. По ссылке открываются курс, группа, дата и время занятия, адрес школы, что взять с собой и телефон школы — без имени и номера телефона; там же запись можно перенести или отменить. Страница перестаёт открываться, когда заявка удалена или истёк срок её хранения;',
    'возраст ребёнка — число полных лет, если его указали в окне записи на бесплатный пробный урок или в форме на странице курса: чтобы предложить группу и пробное занятие по возрасту; имя ребёнка в формах не запрашивается;',
    'промокод, который выдал тест на Сайте, и день его выдачи, если тест пройден в этом браузере и срок промокода ещё не истёк: чтобы Оператор применил скидку по условиям промокода и проверил его срок;',
    'номер заявки, её случайный идентификатор и время получения;',
    'форма, через которую отправлена заявка (форма обратной связи или окно записи на бесплатный пробный урок), и версия согласия на обработку персональных данных;',
    'откуда отправлена заявка: адрес страницы Сайта, курс, если это страница курса, и курс, который подсказал тест на Сайте, если тест пройден в том же посещении; отметка, если какое-то из этих сведений сервис заявок не распознал;',
    'откуда пришёл посетитель — в этом посещении и в первом посещении за последние 90 дней, чтобы Оператор знал, какое объявление или какой сайт привели семью: метки из адреса страницы (utm_source, utm_medium, utm_campaign, utm_content, utm_term), номер перехода по объявлению в Яндекс Директе (yclid) или в Google (gclid), адрес сайта, с которого пришёл посетитель (без страницы), и первая открытая страница Сайта;',
    ...(ctx.metrika
      ? [
          'идентификатор посетителя в Яндекс Метрике (ClientID) — только если пользователь нажал «Понятно» в уведомлении о файлах cookie: по нему Оператор сообщает Метрике, какие заявки привели на пробный урок и к записи;',
        ]
      : []),
    'сведения о доставке уведомления о заявке в Telegram: состояние, число попыток, ошибки, время отправки и номер сообщения в чате;',
    ...others,
    'идентификатор чата в Telegram и время отправки каждого напоминания — только если на странице своей записи на пробный урок пользователь нажал «Напомнить в Telegram» и в чате с ботом Оператора подтвердил, что хочет получать напоминания: чтобы напомнить о пробном уроке накануне вечером и за несколько часов до начала, дать перенести или отменить его в этом чате и, если пользователь ждёт места в группе без свободных мест, предложить ему освободившееся место (если Оператор включил такие предложения; место держится за ним 24 часа, время предложения и ответ хранятся вместе с заявкой); идентификатор чата удаляется, когда пользователь отправляет боту /stop, и вместе с заявкой;',
    'статус работы с заявкой, который сотрудник Оператора отмечает в чате Telegram («Позвонили», «Не дозвонились», «Пришли на пробное», «Записан», «Отказ»), время отметки и имя этого сотрудника в Telegram (имя и @username), история всех статусов заявки и время напоминания о заявке без статуса.',
  ]
}

/** Where leads are kept, what is kept beside them, and how and when they are deleted. */
export function leadStorageRules(ctx: PolicyContext): string[] {
  return [
    'Заявки хранятся в базе данных на сервере Оператора в Российской Федерации. IP-адрес и сведения о браузере (User-Agent) вместе с заявкой не сохраняются: сервис заявок использует IP-адрес только в оперативной памяти, чтобы ограничить частоту отправки форм.',
    `Веб-сервер Сайта, работающий на том же сервере, ведёт журналы. В журнал запросов записываются время запроса, адрес страницы без параметров, код, размер и время ответа — без IP-адреса. Если запрос не удалось обработать (например, сервис заявок недоступен), в журнал ошибок записываются время, IP-адрес и адрес запроса вместе с его параметрами (форма, страница, курс), но без имени и номера телефона. Журналы удаляются автоматически не позднее чем через ${WEB_SERVER_LOG_DAYS} дней.`,
    extraChannels(ctx)
      ? `Заявка удаляется автоматически через ${retentionPeriod(ctx)} после получения. Заявку, которую ещё не удалось доставить в чат Telegram или в любой другой включённый канал, сервис заявок хранит дольше, пока не доставит во все, и удаляет после доставки. Раньше срока заявку удаляет Оператор — по требованию субъекта персональных данных или при отзыве согласия.`
      : `Заявка удаляется автоматически через ${retentionPeriod(ctx)} после получения. Заявку, которую ещё не удалось доставить в чат Telegram, сервис заявок хранит дольше, пока не доставит, и удаляет после доставки. Раньше срока заявку удаляет Оператор — по требованию субъекта персональных данных или при отзыве согласия.`,
    'Удалённая заявка стирается из базы данных вместе с историей её статусов и записью на пробный урок, а её сообщение в чате Telegram заменяется текстом «Заявка №N удалена…», в котором нет ни имени, ни номера телефона, ни других сведений о заявке. От удалённой заявки остаются только её случайный идентификатор и время удаления, без персональных данных: по ним удалённая заявка не возвращается при восстановлении из резервной копии.',
    ...(extraChannels(ctx)
      ? [
          'Заявка, уже доставленная в другой канал (письмо в почтовом ящике, запись в принимающем сервисе или CRM-системе), хранится там по правилам Оператора для работы с клиентами; когда Оператор удаляет заявку по требованию субъекта персональных данных или при отзыве согласия, он удаляет её и там.',
        ]
      : []),
    `Резервные копии базы заявок создаются каждую ночь на том же сервере и удаляются, когда становятся старше ${retentionPeriodGenitive(ctx)}. Ещё одна копия создаётся перед каждым обновлением Сайта; из таких копий хранятся только три последние, и тоже не дольше ${retentionPeriodGenitive(ctx)}. Заявка, удалённая раньше, остаётся в сделанных до её удаления копиях, пока они не будут удалены, но восстановление из копии её не возвращает.`,
  ]
}

/** List items as clauses of one sentence: each ends with ';', the last with '.'. */
export function asClauses(items: string[]): string[] {
  return items.map((item, index) => `${item}${index === items.length - 1 ? '.' : ';'}`)
}

/** True when Sentry's server is outside Russia (build-settings.ts writes Russia as 'Россия'). */
function sentryAbroad(sentry: SentryServer | null): sentry is SentryServer {
  return sentry !== null && sentry.country !== 'Россия'
}

/** 'Sentry (сервер o1.ingest.de.sentry.io, Германия)'. */
function sentryName({ host, country }: SentryServer): string {
  return `Sentry (сервер ${host}, ${country})`
}

/** Who receives what, one list item per recipient. Telegram is always there; the others only when configured (the lead channels: docs/decisions/0077). */
export function recipients(ctx: PolicyContext): string[] {
  const telegram =
    'мессенджер Telegram — иностранный сервис, серверы которого находятся за пределами Российской Федерации. В чат Оператора приходит сообщение о каждой заявке: '
  const desk =
    'Когда сотрудник Оператора отмечает статус заявки, к сообщению добавляются статус, имя сотрудника и время отметки. Если статус долго не отмечен, в чат приходит напоминание с номером заявки, раз в неделю — сводка с числом заявок по формам, курсам и статусам, а при сбое сервиса заявок — сообщение о сбое; в напоминаниях, сводке и сообщениях о сбоях нет имён и номеров телефонов.'
  // docs/decisions/0103-a-trial-she-holds.md: only at her own request, in her own chat with the bot.
  const reminders =
    'Если пользователь сам попросил напоминать о пробном уроке, бот Оператора присылает в его чат с ботом напоминания накануне вечером и за несколько часов до начала, а пользователю из листа ожидания — предложение освободившегося места (если Оператор включил такие предложения): курс, группа, дата, время и адрес урока, без имени и номера телефона.'
  const list = [
    ctx.telegramNotify === 'full'
      ? `${telegram}имя, номер телефона, возраст ребёнка (если он указан), форма, курс (если заявка отправлена со страницы курса), удобная группа (если выбрана), курс, подсказанный тестом, промокод из теста и день его выдачи, адрес страницы Сайта, откуда пришёл посетитель, время получения и номер заявки. ${desk} ${reminders} Передача имени, номера телефона и возраста ребёнка в Telegram — трансграничная передача персональных данных;`
      : `${telegram}только «Новая заявка №N» с курсом (если заявка отправлена со страницы курса), удобной группой (если выбрана), курсом, подсказанным тестом, промокодом из теста и днём его выдачи, адресом страницы Сайта и тем, откуда пришёл посетитель, без имени и номера телефона и без возраста ребёнка. ${desk} ${reminders} Персональные данные пользователей Сайта в Telegram не передаются;`,
  ]
  list.push(...channelMentions(ctx.leadChannels).map((mention) => mention.item))
  if (ctx.metrika) {
    list.push(
      'сервис веб-аналитики Яндекс Метрика (ООО «Яндекс», Российская Федерация): получает сведения о посещениях Сайта — IP-адрес, файлы cookie Метрики, сведения о браузере, операционной системе и устройстве, просмотренные страницы, источник перехода, действия на страницах (например, отправку заявки), без имени и номера телефона, — и только после того, как пользователь нажал «Понятно» в уведомлении о файлах cookie; кроме того, Оператор может передавать в Метрику итоги заявок — что семья пришла на пробный урок или записалась, время этой отметки и идентификатор посетителя в Метрике (ClientID) или номер перехода по объявлению (yclid), без имени и номера телефона, — чтобы оценивать, какие объявления приводят учеников;',
    )
  }
  if (ctx.sentry) {
    list.push(
      `сервис отчётов об ошибках ${sentryName(ctx.sentry)}: только если заявку не удалось отправить, получает сведения об этой ошибке — адрес страницы, форму, ответ сервиса заявок или сообщение браузера об ошибке — и, как любой сервер при обращении к нему, IP-адрес устройства и тип браузера; имя и номер телефона не передаются, запись действий на странице не ведётся, в браузере ничего не сохраняется.${sentryAbroad(ctx.sentry) ? ' Это трансграничная передача персональных данных;' : ';'}`,
    )
  }
  // A list of clauses: each ends with ';', the last with '.'.
  return list.map((item, index) => (index === list.length - 1 ? item.replace(/;$/, '.') : item))
}

/** What every channel besides Telegram receives of a lead. */
const CHANNEL_DATA =
  'имя, номер телефона, возраст ребёнка (если он указан), форму, курс (если заявка отправлена со страницы курса), удобную группу (если выбрана), курс, подсказанный тестом, промокод из теста и день его выдачи, адрес страницы Сайта, откуда пришёл посетитель, время получения и номер заявки'

/** A channel on besides Telegram: the lead service's variable that turns it on and its item. */
export type ChannelMention = {
  variable: string
  /** The words that name the receiver in its item (the release check looks for them). */
  names: string
  item: string
}

/** One list item per channel on besides Telegram: who receives what, and why. */
export function channelMentions(channels: LeadChannels): ChannelMention[] {
  const { email, webhook, alfacrm, bitrix24 } = channels
  const mentions: ChannelMention[] = []
  if (email) {
    const names = `почтовый сервер ${email.server}`
    mentions.push({
      variable: 'LEAD_EMAIL_TO',
      names,
      item: `почтовый ящик Оператора для заявок: в письме о каждой заявке Оператор получает ${CHANNEL_DATA}, чтобы узнать о заявке и по электронной почте; письмо передаётся через ${names}, которым пользуется Оператор;`,
    })
  }
  if (webhook) {
    const names = `${webhook.receiver} (адрес ${webhook.host})`
    mentions.push({
      variable: 'LEAD_WEBHOOK_URL',
      names,
      item: `${names}: о каждой заявке получает ${CHANNEL_DATA}, чтобы передать заявку в инструменты Оператора для работы с клиентами; заявка передаётся по защищённому соединению (HTTPS) с подписью, по которой получатель проверяет, что она отправлена сервисом заявок;`,
    })
  }
  if (alfacrm) {
    const names = `CRM-система «Альфа CRM» (учётная запись Оператора ${alfacrm.host})`
    mentions.push({
      variable: 'ALFACRM_URL',
      names,
      item: `${names}: о каждой заявке получает ${CHANNEL_DATA} и сохраняет заявку как карточку потенциального клиента, чтобы Оператор вёл запись на обучение;`,
    })
  }
  if (bitrix24) {
    const names = `CRM-система «Битрикс24» (портал Оператора ${bitrix24.host})`
    mentions.push({
      variable: 'BITRIX24_WEBHOOK_URL',
      names,
      item: `${names}: о каждой заявке получает ${CHANNEL_DATA} и сохраняет заявку как лид, чтобы Оператор вёл работу с обращениями;`,
    })
  }
  return mentions
}

/** The transfers abroad this build makes, each as «what goes where»; empty when there are none. */
export function crossBorderTransfers(ctx: PolicyContext): string[] {
  return [
    ...(ctx.telegramNotify === 'full'
      ? [
          'имя и номер телефона из заявки, возраст ребёнка, если он указан, и сведения о заявке отправляются в мессенджер Telegram, чтобы Оператор сразу узнал о заявке',
        ]
      : []),
    ...(sentryAbroad(ctx.sentry)
      ? [
          `если заявку не удалось отправить, сведения об ошибке и IP-адрес устройства получает сервис ${sentryName(ctx.sentry)}, чтобы Оператор узнал о сбое`,
        ]
      : []),
  ]
}
