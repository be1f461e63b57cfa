import { afterEach, describe, expect, it, vi } from 'vitest'
import type * as SchoolModule from '#app/config/school.ts'

afterEach(() => {
  vi.resetModules()
  vi.doUnmock('#app/config/school.ts')
})

async function organizationWith(
  openingHours?: { days: 'Monday'[]; opens: string; closes: string }[],
) {
  const actual = await vi.importActual<typeof SchoolModule>('#app/config/school.ts')
  vi.doMock('#app/config/school.ts', () => ({
    ...actual,
    school: { ...actual.school, openingHours },
  }))
  const { organizationJsonLd } = await import('./structured-data')
  return organizationJsonLd()
}

describe('organization JSON-LD', () => {
  it('publishes no opening hours unless the facts file states them', async () => {
    expect(await organizationWith(undefined)).not.toHaveProperty('openingHoursSpecification')
  })

  it('publishes the hours the facts file states', async () => {
    const organization = await organizationWith([
      { days: ['Monday'], opens: '10:00', closes: '19:00' },
    ])
    expect(organization.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Monday'],
        opens: '10:00',
        closes: '19:00',
      },
    ])
  })
})

describe('the school’s place, hours and questions', () => {
  it('the organisation carries its address, coordinates and opening hours', async () => {
    const actual = await vi.importActual<typeof SchoolModule>('#app/config/school.ts')
    vi.doMock('#app/config/school.ts', () => ({
      ...actual,
      school: {
        ...actual.school,
        geo: { latitude: 46.3497, longitude: 48.0408 },
        openingHours: [{ days: ['Monday', 'Tuesday'], opens: '10:00', closes: '20:00' }],
      },
    }))
    const { organizationJsonLd } = await import('./structured-data')
    expect(organizationJsonLd()).toMatchObject({
      '@type': 'EducationalOrganization',
      address: {
        '@type': 'PostalAddress',
        streetAddress: actual.school.address.street,
        addressLocality: actual.school.city,
      },
      geo: { '@type': 'GeoCoordinates', latitude: 46.3497, longitude: 48.0408 },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['https://schema.org/Monday', 'https://schema.org/Tuesday'],
          opens: '10:00',
          closes: '20:00',
        },
      ],
    })
  })

  it('has no coordinates the facts do not give', async () => {
    const actual = await vi.importActual<typeof SchoolModule>('#app/config/school.ts')
    const school = { ...actual.school }
    delete school.geo
    vi.doMock('#app/config/school.ts', () => ({ ...actual, school }))
    const { organizationJsonLd } = await import('./structured-data')
    expect(organizationJsonLd()).not.toHaveProperty('geo')
  })

  it('a FAQPage lists each question with its whole answer', async () => {
    const { faqPageJsonLd } = await import('./structured-data')
    expect(
      faqPageJsonLd([
        {
          id: 'a',
          question: 'Сколько длится занятие?',
          paragraphs: ['Час.', 'С переменой.'],
          sample: false,
        },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Сколько длится занятие?',
          acceptedAnswer: { '@type': 'Answer', text: 'Час.\n\nС переменой.' },
        },
      ],
    })
  })
})
