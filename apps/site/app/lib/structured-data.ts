import type { MetaDescriptor } from 'react-router'
import { env } from '~/config/env'
import { siteConfig } from '~/config/site-config'
import type { Course } from '~/content/courses'
import { PRICE_PLANS } from '~/content/price-plans'
import { paths } from './paths'

const ORGANIZATION_ID = () => `${env.siteUrl}/#organization`

/** schema.org EducationalOrganization for the home page. */
export function organizationJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    '@id': ORGANIZATION_ID(),
    name: 'IT Lab',
    description: 'Школа программирования для детей и подростков от 5 до 17 лет в центре Астрахани.',
    url: `${env.siteUrl}/`,
    logo: `${env.siteUrl}/icon-512.png`,
    image: `${env.siteUrl}/og-image.png`,
    telephone: siteConfig.phone.full,
    email: siteConfig.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: siteConfig.address.street,
      addressLocality: siteConfig.address.city,
      addressRegion: siteConfig.address.region,
      postalCode: siteConfig.address.postalCode,
      addressCountry: 'RU',
    },
    openingHoursSpecification: siteConfig.openingHours.map((hours) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: hours.days.map((day) => `https://schema.org/${day}`),
      opens: hours.opens,
      closes: hours.closes,
    })),
  }
}

/** schema.org Course with its provider and price offers, for a course page. */
export function courseJsonLd(course: Course) {
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
      name: 'IT Lab',
      url: `${env.siteUrl}/`,
    },
    offers: PRICE_PLANS.map((plan) => ({
      '@type': 'Offer',
      category: plan.offerName,
      price: course.prices[plan.key],
      priceCurrency: 'RUB',
      availability: 'https://schema.org/InStock',
      url,
    })),
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'Onsite',
      location: {
        '@type': 'Place',
        name: 'IT Lab',
        address: `${siteConfig.address.full}`,
      },
    },
  }
}

/** A JSON-LD block as a route `meta` entry. */
export function jsonLdMeta(data: object): MetaDescriptor {
  return { 'script:ld+json': data }
}
