import type { SchoolFacts } from '../../config/school-facts-schema.ts'
import { pluralRu } from '../plural.ts'

// What the legal texts need to know: the operator (from the facts file) and what the system
// really does with a lead (from the build settings the lead service shares: the Telegram
// notification mode, the retention period; Metrika and Sentry only when their ids are set).

/** The build settings the texts depend on (see build-settings.ts; named as env.ts names them). */
export type PolicySettings = {
  siteUrl: string
  metrikaId: string
  sentryDsn: string
  telegramNotify: 'full' | 'minimal'
  retentionDays: number
}

export type PolicyContext = {
  schoolName: string
  city: string
  /** 'ИП Фамилия Имя Отчество'. */
  operatorName: string
  inn: string
  ogrnip: string
  email: string
  /** Postal address with the postal code. */
  postalAddress: string
  siteUrl: string
  /** YYYY-MM-DD. */
  effectiveDate: string
  telegramNotify: 'full' | 'minimal'
  retentionDays: number
  metrika: boolean
  /** Host of the Sentry server, or null when Sentry is off. */
  sentryHost: string | null
}

export function policyContext(facts: SchoolFacts, settings: PolicySettings): PolicyContext {
  return {
    schoolName: facts.name,
    city: facts.city,
    operatorName: facts.owner.name,
    inn: facts.owner.inn,
    ogrnip: facts.owner.ogrnip,
    email: facts.email,
    postalAddress: `${facts.address.postalCode}, г. ${facts.city}, ${facts.address.street}`,
    siteUrl: settings.siteUrl,
    effectiveDate: facts.policiesEffectiveDate,
    telegramNotify: settings.telegramNotify,
    retentionDays: settings.retentionDays,
    metrika: settings.metrikaId !== '',
    sentryHost: settings.sentryDsn ? new URL(settings.sentryDsn).host : null,
  }
}

const MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
]

/** '2025-09-01' → '1 сентября 2025 г.' (no Intl: the same text in Node and every browser). */
export function formatRuDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number)
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year} г.`
}

/** The date and place every policy document is signed with. */
export function signature(ctx: PolicyContext): { updated: string; place: string } {
  return { updated: formatRuDate(ctx.effectiveDate), place: `г. ${ctx.city}` }
}

/** 'ИП …, ИНН …, ОГРНИП …' as the texts name the operator. */
export function operatorLine(ctx: PolicyContext): string {
  return `${ctx.operatorName} (ИНН ${ctx.inn}, ОГРНИП ${ctx.ogrnip})`
}

export function retentionPeriod(ctx: PolicyContext): string {
  return `${ctx.retentionDays} ${pluralRu(ctx.retentionDays, ['день', 'дня', 'дней'])}`
}

/** What the lead service stores with each lead (and what it does not). */
export function storedLeadData(ctx: PolicyContext): string[] {
  return [
    `Заявка, отправленная через форму на Сайте, хранится на сервере Оператора в Российской Федерации: имя, номер телефона, форма, через которую отправлена заявка, время отправки, версия согласия на обработку персональных данных и сведения о доставке уведомления о заявке.`,
    'IP-адрес и сведения о браузере (User-Agent) вместе с заявкой не сохраняются: IP-адрес используется только в оперативной памяти сервера, чтобы ограничить частоту отправки форм.',
    `Заявки удаляются автоматически через ${retentionPeriod(ctx)} после получения, а также раньше — по требованию субъекта персональных данных или при отзыве согласия.`,
  ]
}

/** Who receives what, one line per recipient. Telegram is always there; the others only when configured. */
export function recipients(ctx: PolicyContext): string[] {
  const list = [
    ctx.telegramNotify === 'full'
      ? 'мессенджер Telegram — иностранный сервис, серверы которого находятся за пределами Российской Федерации: получает имя и номер телефона из заявки, чтобы Оператор узнал о ней сразу. Это трансграничная передача персональных данных;'
      : 'мессенджер Telegram — иностранный сервис, серверы которого находятся за пределами Российской Федерации: получает только уведомление с номером новой заявки, без имени и номера телефона. Персональные данные за пределы Российской Федерации не передаются;',
  ]
  if (ctx.metrika) {
    list.push(
      'сервис веб-аналитики Яндекс Метрика (ООО «Яндекс», Российская Федерация): получает обезличенные данные о посещениях Сайта, без имени и номера телефона, — только после того, как пользователь нажал «Понятно» в уведомлении о файлах cookie;',
    )
  }
  if (ctx.sentryHost) {
    list.push(
      `сервис отчётов об ошибках Sentry (сервер ${ctx.sentryHost}): при ошибке отправки формы получает технические сведения об ошибке и запись действий на странице, в которой весь текст и введённые значения скрыты; имя и номер телефона не передаются;`,
    )
  }
  // A list of clauses: each ends with ';', the last with '.'.
  return list.map((item, index) => (index === list.length - 1 ? item.replace(/;$/, '.') : item))
}

/** True when some personal data leave the country (the full Telegram notification). */
export function crossBorder(ctx: PolicyContext): boolean {
  return ctx.telegramNotify === 'full'
}
