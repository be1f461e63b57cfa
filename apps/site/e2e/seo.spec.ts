import type { APIRequestContext } from '@playwright/test'
import { hasInformationPage, paths } from '#app/config/paths.ts'
import { school } from '#app/config/school.ts'
import { courses } from '#app/content/courses.ts'
import { GROUPS, courseGroups } from '#app/content/groups.ts'
import { faq } from '#app/content/faq.ts'
import { coursePlans } from '#app/content/price-plans.ts'
import { expect, test, waitForHydration } from './fixtures'

const SITE_URL = 'https://it-lab.test'
const INDEXABLE = [
  paths.home,
  paths.courses,
  paths.announcements,
  // The timetable only while there is a group (docs/decisions/0075).
  ...(GROUPS.length > 0 ? [paths.schedule] : []),
  ...courses.map(({ id }) => paths.course(id)),
  ...(hasInformationPage ? [paths.information] : []),
]
const NOINDEX = ['/privacy-policy', '/personal-data-policy', '/cookie', '/consent']

test('sitemap.xml lists every indexable page and none of the noindex ones', async ({ request }) => {
  const response = await request.get('/sitemap.xml')
  expect(response.status()).toBe(200)
  const xml = await response.text()
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
  expect(locs).toEqual(INDEXABLE.map((pagePath) => `${SITE_URL}${pagePath}`))
  for (const pagePath of NOINDEX) expect(xml).not.toContain(pagePath)
})

test('robots.txt points to the sitemap and cleans utm parameters', async ({ request }) => {
  const text = await (await request.get('/robots.txt')).text()
  expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`)
  expect(text).toMatch(/^Clean-param: utm_source&utm_medium&utm_campaign&utm_term&utm_content$/m)
  expect(text).toMatch(/^User-agent: \*$/m)
})

async function jsonLd(request: APIRequestContext, pagePath: string) {
  const html = await (await request.get(pagePath)).text()
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  )
}

test('the home page describes the school as an EducationalOrganization', async ({ request }) => {
  const blocks = await jsonLd(request, '/')
  const organization = blocks.find((block) => block['@type'] === 'EducationalOrganization')
  expect(organization).toBeDefined()
  expect(organization).toMatchObject({
    '@context': 'https://schema.org',
    name: school.name,
    url: `${SITE_URL}/`,
    address: { '@type': 'PostalAddress', addressLocality: school.city, addressCountry: 'RU' },
  })
  expect(organization?.telephone).toBe(school.phone.tel)
  // Opening hours are published only when the facts file states them.
  expect(Object.hasOwn(organization ?? {}, 'openingHoursSpecification')).toBe(
    school.openingHours !== undefined,
  )
})

test('the organisation has its coordinates, and the home page its questions as a FAQPage', async ({
  request,
}) => {
  const blocks = await jsonLd(request, '/')
  const organization = blocks.find((block) => block['@type'] === 'EducationalOrganization')
  expect(organization?.geo).toEqual(
    school.geo && {
      '@type': 'GeoCoordinates',
      latitude: school.geo.latitude,
      longitude: school.geo.longitude,
    },
  )
  const faqPage = blocks.find((block) => block['@type'] === 'FAQPage')
  expect(faqPage).toMatchObject({
    '@context': 'https://schema.org',
    mainEntity: faq.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.paragraphs.join('\n\n') },
    })),
  })
  // Reviews of the school on its own site are not marked up: search engines treat them as
  // self-serving (docs/decisions/0076-answers-reviews-way-licence.md).
  for (const block of blocks) {
    expect(JSON.stringify(block)).not.toMatch(/"(Review|AggregateRating)"/)
  }
})

test('each course page describes its Course with provider and offers', async ({ request }) => {
  // Every course of the data, with its own texts and prices.
  for (const course of courses) {
    const path = paths.course(course.id)
    const blocks = await jsonLd(request, path)
    const described = blocks.find((block) => block['@type'] === 'Course')
    expect(described, path).toMatchObject({
      name: course.title,
      description: course.description,
      url: `${SITE_URL}${path}`,
      provider: { '@type': 'EducationalOrganization', name: school.name },
    })
    const offers = described?.offers as Array<Record<string, unknown>>
    // The plans the course offers, each at its lesson's price (docs/decisions/0087).
    expect(offers, path).toEqual(
      coursePlans(course).map((plan) =>
        expect.objectContaining({
          '@type': 'Offer',
          category: plan.offerName,
          price: plan.lessonPrice,
          priceCurrency: 'RUB',
        }),
      ),
    )
  }
})

test('a course with groups has a CourseInstance with its weekly Schedule for each', async ({
  request,
}) => {
  const withGroups = courses.filter(({ id }) => courseGroups(id).length > 0)
  expect(withGroups.length).toBeGreaterThan(0)
  for (const course of withGroups) {
    const path = paths.course(course.id)
    const described = (await jsonLd(request, path)).find((block) => block['@type'] === 'Course')
    expect(described?.hasCourseInstance, path).toEqual(
      courseGroups(course.id).map((group) =>
        expect.objectContaining({
          '@type': 'CourseInstance',
          courseMode: group.format === 'Онлайн' ? 'Online' : 'Onsite',
          courseSchedule: expect.objectContaining({
            '@type': 'Schedule',
            byDay: group.days.map((day) => `https://schema.org/${day}`),
            startTime: group.start,
            endTime: group.end,
            repeatFrequency: 'P1W',
          }) as unknown,
          ...(group.format === 'Онлайн'
            ? {}
            : { location: expect.objectContaining({ '@type': 'Place' }) as unknown }),
        }),
      ),
    )
  }
})

test('Open Graph image is a 1200 × 630 PNG named in the head', async ({ page, request }) => {
  await page.goto('/')
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    `${SITE_URL}/og-image.png`,
  )
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
    'content',
    'summary_large_image',
  )
  const png = await (await request.get('/og-image.png')).body()
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG')
  expect(png.readUInt32BE(16)).toBe(1200)
  expect(png.readUInt32BE(20)).toBe(630)
})

test("the favicon for search engines, the tab's icon inline, the manifest once the page has painted", async ({
  page,
  request,
}) => {
  // In the HTML: a 48 px .ico for search engines and the tab's icon as an inline SVG, so a
  // browser fetches no icon while the page loads (docs/performance.md, "Icons and the manifest").
  const html = await (await request.get('/')).text()
  expect(html).toContain('<link rel="icon" href="/favicon.ico" sizes="48x48"/>')
  expect(html).toMatch(
    /<link rel="icon" href="data:image\/svg\+xml,[^"]+" type="image\/svg\+xml" sizes="any"\/>/,
  )
  expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>')
  expect(html).not.toContain('rel="manifest"')
  const ico = await (await request.get('/favicon.ico')).body()
  expect([ico.readUInt16LE(2), ico[6], ico[7]]).toEqual([1, 48, 48])
  expect((await request.get('/apple-touch-icon.png')).status()).toBe(200)

  await page.goto('/')
  await waitForHydration(page)
  await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  )
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    name: string
    lang: string
    icons: { src: string; sizes: string }[]
  }
  expect(manifest.lang).toBe('ru')
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512'])
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200)
})
