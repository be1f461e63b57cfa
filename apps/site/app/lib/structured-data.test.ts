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

describe('Course JSON-LD', () => {
  it('has a CourseInstance with a weekly Schedule per group; a place only offline', async () => {
    const { courseJsonLd } = await import('./structured-data')
    const { findCourse } = await import('#app/content/courses.ts')
    const course = findCourse('4')
    if (!course) throw new Error('course 4 is shipped')
    const jsonLd = courseJsonLd(course, [
      {
        id: 'a',
        course: 4,
        days: ['Tuesday', 'Thursday'],
        start: '18:00',
        end: '19:30',
        ageMin: 14,
        ageMax: 17,
        format: 'Оффлайн',
        place: 'кабинет 2',
        startDate: '2027-09-01',
        seats: 2,
        teacher: '',
        sample: false,
      },
      {
        id: 'b',
        course: 4,
        days: ['Saturday'],
        start: '12:00',
        end: '13:00',
        ageMin: 14,
        ageMax: 17,
        format: 'Онлайн',
        place: '',
        startDate: '',
        seats: 0,
        teacher: '',
        sample: false,
      },
    ])
    expect(jsonLd.hasCourseInstance).toEqual([
      {
        '@type': 'CourseInstance',
        courseMode: 'Onsite',
        startDate: '2027-09-01',
        courseSchedule: {
          '@type': 'Schedule',
          byDay: ['https://schema.org/Tuesday', 'https://schema.org/Thursday'],
          startTime: '18:00',
          endTime: '19:30',
          repeatFrequency: 'P1W',
          scheduleTimezone: 'Europe/Astrakhan',
          startDate: '2027-09-01',
        },
        location: { '@type': 'Place', name: expect.any(String), address: expect.any(String) },
      },
      {
        '@type': 'CourseInstance',
        courseMode: 'Online',
        courseSchedule: {
          '@type': 'Schedule',
          byDay: ['https://schema.org/Saturday'],
          startTime: '12:00',
          endTime: '13:00',
          repeatFrequency: 'P1W',
          scheduleTimezone: 'Europe/Astrakhan',
        },
      },
    ])
  })

  it('keeps one CourseInstance for the course as a whole when it has no group', async () => {
    const { courseJsonLd } = await import('./structured-data')
    const { findCourse } = await import('#app/content/courses.ts')
    const course = findCourse('1')
    if (!course) throw new Error('course 1 is shipped')
    expect(courseJsonLd(course, []).hasCourseInstance).toMatchObject({
      '@type': 'CourseInstance',
      courseMode: 'Onsite',
      location: { '@type': 'Place' },
    })
  })
})

describe('teacher JSON-LD (docs/decisions/0074-teachers-and-school-photos.md)', () => {
  it('is a Person working for the school, with their photo and the courses they teach', async () => {
    const { teacherJsonLd } = await import('./structured-data')
    const { courses, findCourse } = await import('#app/content/courses.ts')
    const { school } = await import('#app/config/school.ts')
    // A made-up teacher: the owner's content may have none; the courses are the content's own.
    const teacher = {
      id: 'teacher-test',
      name: 'Анна Тестова',
      photo: '/uploads/teacher-test.jpg',
      courseIds: courses.slice(0, 2).map(({ id }) => id),
      text: 'Ведёт занятия по программированию.',
      education: '',
      sample: false,
    }
    const person = teacherJsonLd(teacher, '/assets/teacher-test.webp')
    expect(person).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: teacher.name,
      image: expect.stringMatching(/^https:\/\/itlab\.example\/.+\.webp$/),
      jobTitle: 'Преподаватель',
      description: teacher.text,
      knowsAbout: teacher.courseIds.map((id) => findCourse(id)?.title),
      worksFor: {
        '@type': 'EducationalOrganization',
        '@id': 'https://itlab.example/#organization',
        name: school.name,
      },
    })
    // A teacher with no shown course claims no knowledge.
    expect(teacherJsonLd({ ...teacher, courseIds: [] }, '/a.webp')).not.toHaveProperty('knowsAbout')
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
