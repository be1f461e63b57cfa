import { demo, type SchoolFactsFile } from './school-facts-schema.ts'

// THE SCHOOL'S FACTS: the one file the owner edits before launch (see README, "Launching for the
// school"). Every page, the policies, the structured data and the footer read them from here.
//
// - A value wrapped in demo(…) is a shipped stand-in so that `npm start` works on a fresh machine.
//   Replace `demo({ … })` with the real `{ … }`; `npm run build:release` refuses any demo value left.
// - Optional facts (messenger, openingHours) may be deleted: what they feed is then left out.
// - The build checks every value (apps/site/app/config/school-facts-schema.ts) and names the
//   field and the rule it breaks.

export const schoolFacts = {
  name: 'IT Lab',
  city: 'Астрахань',
  region: 'Астраханская область',

  /** number: '+7 …' with 11 digits; short: its last digits as the hero's call button shows them. */
  phone: demo({ number: '+7 (8512) 00-00-00', short: '00-00-00' }),

  /** The street address in the city, and its 6-digit postal code. */
  address: demo({ street: 'ул. [Улица], д. [0]', postalCode: '414000' }),

  /** Optional. The messaging app shown in the contact block: its name, the number or handle, a link. */
  messenger: demo({
    name: 'Мессенджер',
    contact: '+7 (900) 000-00-00',
    url: 'https://example.com/messenger',
  }),

  email: demo('info@itlab.example'),

  /** The operator of personal data: the proprietor's name as registered, ИНН (12 digits), ОГРНИП (15). */
  owner: demo({
    name: 'ИП [Фамилия Имя Отчество]',
    inn: '000000000000',
    ogrnip: '300000000000004',
  }),

  // Optional, for search engines only: leave it out unless the owner states the hours.
  // openingHours: [{ days: ['Monday', 'Tuesday'], opens: '10:00', closes: '20:00' }],

  /** Date the policies and the consent take effect (YYYY-MM-DD); part of the consent version. */
  policiesEffectiveDate: demo('2025-09-01'),

  /** The public https address of the site; the release build must be built with SITE_URL equal to it. */
  siteUrl: demo('https://itlab.example'),
} satisfies SchoolFactsFile
