// The school's own details, in one module.
// PLACEHOLDER: every value marked [..] must be replaced with the owner's real data before launch;
// nothing here is a fact about the school yet.
export const siteConfig = {
  name: 'IT Lab',
  city: 'Астрахань',
  phone: {
    /** Shown on the site. PLACEHOLDER */
    short: '00-00-00',
    /** Dialled by tel: links. PLACEHOLDER */
    tel: '+78512000000',
    /** Long form for structured data and policies. PLACEHOLDER */
    full: '+7 (8512) 00-00-00',
  },
  /** PLACEHOLDER: a street in the city centre. */
  address: {
    street: 'ул. [Улица], д. [0]',
    city: 'Астрахань',
    region: 'Астраханская область',
    postalCode: '[414000]',
    full: 'г. Астрахань, ул. [Улица], д. [0]',
  },
  messenger: {
    name: 'WhatsApp',
    /** PLACEHOLDER */
    number: '+7 (900) 000-00-00',
    /** PLACEHOLDER */
    url: 'https://wa.me/79000000000',
  },
  /** PLACEHOLDER */
  email: 'info@[itlab-domain].ru',
  owner: {
    /** PLACEHOLDER: the proprietor's full name. */
    name: 'ИП [Фамилия Имя Отчество]',
    /** PLACEHOLDER */
    inn: '[000000000000]',
    /** PLACEHOLDER */
    ogrnip: '[000000000000000]',
  },
  /** PLACEHOLDER: the school's real opening hours, for search engines (schema.org format). */
  openingHours: [
    {
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '10:00',
      closes: '20:00',
    },
    { days: ['Saturday'], opens: '10:00', closes: '18:00' },
  ],
  copyrightYear: 2025,
} as const

export const legalLine = `${siteConfig.owner.name}, ИНН ${siteConfig.owner.inn}, ОГРНИП ${siteConfig.owner.ogrnip}`
