import type { MetaDescriptor } from 'react-router'
import { env } from '#app/config/env.ts'
import { school } from '#app/config/school.ts'
import type { Announcement } from '#app/content/announcements.ts'
import { courseGroups, type GroupEntry } from '#app/content/groups.ts'
import { findCourse, type Course } from '#app/content/courses.ts'
import type { FaqEntry } from '#app/content/faq.ts'
import { coursePlans } from '#app/content/price-plans.ts'
import { paths } from '#app/config/paths.ts'
import type { Teacher } from '#app/content/teachers.ts'

const ORGANIZATION_ID = () => `${env.siteUrl}/#organization`

/** The school's address, for the organization and for the place of its events. */
function schoolAddress() {
  return {
    '@type': 'PostalAddress',
    streetAddress: school.address.street,
    addressLocality: school.city,
    addressRegion: school.region,
    postalCode: school.address.postalCode,
    addressCountry: 'RU',
  }
}

/** schema.org EducationalOrganization for the home page. */
export function organizationJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    '@id': ORGANIZATION_ID(),
    name: school.name,
    description: `Школа программирования для детей и подростков от 5 до 17 лет в центре города ${school.city}.`,
    url: `${env.siteUrl}/`,
    logo: `${env.siteUrl}/icon-512.png`,
    image: `${env.siteUrl}/og-image.png`,
    telephone: school.phone.tel,
    email: school.email,
    address: schoolAddress(),
    ...(school.geo && {
      geo: {
        '@type': 'GeoCoordinates',
        latitude: school.geo.latitude,
        longitude: school.geo.longitude,
      },
    }),
    // Only what the owner stated: no hours in the facts file, no hours here.
    ...(school.openingHours && {
      openingHoursSpecification: school.openingHours.map((hours) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: hours.days.map((day) => `https://schema.org/${day}`),
        opens: hours.opens,
        closes: hours.closes,
      })),
    }),
  }
}

/** The school as the place an offline course or group meets. */
function schoolPlace() {
  return { '@type': 'Place', name: school.name, address: school.address.full }
}

/**
 * One group as a CourseInstance: its weekly Schedule (days, times, from its start when set) and,
 * offline, the school as its place (docs/decisions/0075-groups-and-trials.md).
 */
function groupInstance(group: GroupEntry) {
  const online = group.format === 'Онлайн'
  return {
    '@type': 'CourseInstance',
    courseMode: online ? 'Online' : 'Onsite',
    ...(group.startDate && { startDate: group.startDate }),
    courseSchedule: {
      '@type': 'Schedule',
      byDay: group.days.map((day) => `https://schema.org/${day}`),
      startTime: group.start,
      endTime: group.end,
      repeatFrequency: 'P1W',
      scheduleTimezone: 'Europe/Astrakhan',
      ...(group.startDate && { startDate: group.startDate }),
    },
    ...(!online && { location: schoolPlace() }),
  }
}

/**
 * schema.org Course with its provider and price offers, for a course page: a CourseInstance per
 * group, or, with no group, one for the course as a whole.
 */
export function courseJsonLd(course: Course, groups = courseGroups(course.id)) {
  const url = `${env.siteUrl}${paths.course(course.id)}`
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: course.description,
    url,
    inLanguage: 'ru',
    educationalLevel: course.level,
    timeRequired: course.duration,
    provider: {
      '@type': 'EducationalOrganization',
      '@id': ORGANIZATION_ID(),
      name: school.name,
      url: `${env.siteUrl}/`,
    },
    // Each plan the course offers at its lesson's price (a month's price divided keeps kopecks).
    offers: coursePlans(course).map((plan) => ({
      '@type': 'Offer',
      category: plan.offerName,
      price: Math.round(plan.lessonPrice * 100) / 100,
      priceCurrency: 'RUB',
      availability: 'https://schema.org/InStock',
      url,
    })),
    hasCourseInstance:
      groups.length > 0
        ? groups.map(groupInstance)
        : {
            '@type': 'CourseInstance',
            courseMode: course.format === 'Онлайн' ? 'Online' : 'Onsite',
            // Only a date the owner set: «По набору» has none.
            ...(course.startIso && { startDate: course.startIso }),
            location: schoolPlace(),
          },
  }
}

/** schema.org Event for a dated announcement, held at the school. */
export function announcementEventJsonLd(item: Announcement & { date: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: item.title,
    description: item.text,
    startDate: item.date,
    ...(item.endDate && item.endDate !== item.date && { endDate: item.endDate }),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    url: `${env.siteUrl}${paths.announcements}#announcement-${item.id}`,
    location: {
      '@type': 'Place',
      name: school.name,
      address: schoolAddress(),
    },
    organizer: { '@type': 'EducationalOrganization', '@id': ORGANIZATION_ID(), name: school.name },
  }
}

/**
 * schema.org Person for a teacher, working for the school, knowing about the courses they teach
 * (docs/decisions/0074-teachers-and-school-photos.md). `photo` is the built picture's address
 * (content/teacher-pictures.ts): passed in, so the pictures stay out of the chunk every page loads.
 */
export function teacherJsonLd(teacher: Teacher, photo: string) {
  const knowsAbout = teacher.courseIds.flatMap((id) => findCourse(id)?.title ?? [])
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: teacher.name,
    image: new URL(photo, `${env.siteUrl}/`).href,
    jobTitle: 'Преподаватель',
    description: teacher.text,
    ...(knowsAbout.length > 0 && { knowsAbout }),
    worksFor: { '@type': 'EducationalOrganization', '@id': ORGANIZATION_ID(), name: school.name },
  }
}

/**
 * schema.org FAQPage for the page that shows the questions. The parents' reviews get no Review or
 * AggregateRating: search engines treat an organisation's reviews of itself on its own site as
 * self-serving (docs/decisions/0076-answers-reviews-way-licence.md).
 */
export function faqPageJsonLd(entries: readonly FaqEntry[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.paragraphs.join('\n\n') },
    })),
  }
}

/**
 * A JSON-LD block as a route `meta` entry. React Router's `<Meta>` writes it with `<`, `>`, `&`,
 * U+2028 and U+2029 as `\u` escapes, so an owner's `</script>` in a title stays text in the
 * script element (structured-data.test.tsx): the data goes to it unescaped.
 */
export function jsonLdMeta(data: object): MetaDescriptor {
  return { 'script:ld+json': data }
}
