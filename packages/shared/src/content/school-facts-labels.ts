// How the editor names the school's facts (content/school.json), field by field: the site's check
// (school-facts-schema.ts) and the editor gateway's history of changes use
// the same words.

/** The facts the owner may leave marked as still a sample (`demo`): the top-level fields. */
export const FACT_NAMES = [
  'name',
  'city',
  'region',
  'phone',
  'address',
  'messenger',
  'email',
  'owner',
  'openingHours',
  'policiesEffectiveDate',
  'siteUrl',
  'geo',
  'licence',
  'payments',
] as const

/** Each fact of the «Ещё образец» list as the owner reads it (the editor's list, the messages). */
export const FACT_NAME_LABELS: Record<(typeof FACT_NAMES)[number], string> = {
  name: 'Название школы',
  city: 'Город',
  region: 'Область',
  phone: 'Телефон',
  address: 'Адрес',
  messenger: 'Мессенджер',
  email: 'Эл. почта',
  owner: 'Владелец',
  openingHours: 'Часы работы',
  policiesEffectiveDate: 'Дата вступления политик в силу',
  siteUrl: 'Адрес сайта',
  geo: 'Координаты на карте',
  licence: 'Лицензия на образовательную деятельность',
  payments: 'Способы оплаты обучения',
}

/** The editor's labels of the facts, for the messages. */
export const FACT_LABELS: Record<string, string> = {
  name: 'Название школы',
  city: 'Город',
  region: 'Область',
  'phone.number': 'Телефон → Номер',
  'phone.short': 'Телефон → Короткий номер',
  'address.street': 'Адрес → Улица и дом',
  'address.postalCode': 'Адрес → Индекс',
  'messenger.name': 'Мессенджер → Название',
  'messenger.contact': 'Мессенджер → Номер или имя',
  'messenger.url': 'Мессенджер → Ссылка',
  email: 'Эл. почта',
  'owner.name': 'Владелец → ИП',
  'owner.inn': 'Владелец → ИНН',
  'owner.ogrnip': 'Владелец → ОГРНИП',
  openingHours: 'Часы работы',
  'openingHours.days': 'Часы работы → Дни',
  'openingHours.opens': 'Часы работы → С',
  'openingHours.closes': 'Часы работы → До',
  policiesEffectiveDate: 'Дата вступления политик в силу',
  siteUrl: 'Адрес сайта',
  geo: 'Координаты на карте',
  'geo.latitude': 'Координаты на карте → Широта',
  'geo.longitude': 'Координаты на карте → Долгота',
  licence: 'Лицензия на образовательную деятельность',
  'licence.number': 'Лицензия → Номер',
  'licence.date': 'Лицензия → Дата выдачи',
  'licence.issuer': 'Лицензия → Кем выдана',
  payments: 'Способы оплаты обучения',
  'payments.taxDeduction': 'Способы оплаты → Налоговый вычет',
  'payments.maternityCapital': 'Способы оплаты → Материнский капитал',
  'payments.pfdo': 'Способы оплаты → Сертификат ПФДО',
  'payments.pfdoUrl': 'Способы оплаты → Ссылка на навигатор',
  demo: 'Ещё образец — не заполнено',
}
