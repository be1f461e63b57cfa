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
