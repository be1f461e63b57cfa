import type { SchoolFactsFile } from '@it-lab/shared/school-facts-schema'

/** A school that has filled in every fact (check digits valid; the names are invented). */
export const completeSchoolFacts = {
  name: 'IT Lab',
  city: 'Астрахань',
  region: 'Астраханская область',
  phone: { number: '+7 (8512) 12-34-56', short: '12-34-56' },
  address: { street: 'ул. Кирова, д. 1', postalCode: '414000' },
  messenger: { name: 'Telegram', contact: '@itlab_school', url: 'https://t.me/itlab_school' },
  email: 'info@itlab-school.ru',
  owner: { name: 'ИП Иванова Анна Петровна', inn: '301234567878', ogrnip: '312300000012348' },
  policiesEffectiveDate: '2026-02-01',
  siteUrl: 'https://itlab-school.ru',
} satisfies SchoolFactsFile
