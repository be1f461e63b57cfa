import type { APIRequestContext } from '@playwright/test'
import { courses } from '#app/content/courses.ts'
import { expect, test } from './fixtures'

const SITE_URL = 'https://it-lab.test'
const INDEXABLE = ['/', '/courses', ...courses.map(({ id }) => `/course/${id}`)]
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
    name: 'IT Lab',
    url: `${SITE_URL}/`,
    address: { '@type': 'PostalAddress', addressLocality: 'Астрахань', addressCountry: 'RU' },
  })
  expect(organization?.telephone).toMatch(/^\+7/)
  // The facts file states no opening hours, so none are published.
  expect(organization).not.toHaveProperty('openingHoursSpecification')
})

test('each course page describes its Course with provider and offers', async ({ request }) => {
  for (let id = 1; id <= 10; id += 1) {
    const blocks = await jsonLd(request, `/course/${id}`)
    const course = blocks.find((block) => block['@type'] === 'Course')
    expect(course, `/course/${id}`).toBeDefined()
    expect(course?.name).toEqual(expect.any(String))
    expect(course?.description).toEqual(expect.any(String))
    expect(course?.url).toBe(`${SITE_URL}/course/${id}`)
    expect(course?.provider).toMatchObject({ '@type': 'EducationalOrganization', name: 'IT Lab' })
    const offers = course?.offers as Array<Record<string, unknown>>
    expect(offers.map((offer) => offer.price)).toEqual([1500, 1125, 1000, 900])
    for (const offer of offers)
      expect(offer).toMatchObject({ '@type': 'Offer', priceCurrency: 'RUB' })
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

test('favicons and the web manifest are served and linked', async ({ page, request }) => {
  await page.goto('/')
  for (const href of [
    '/favicon.ico',
    '/favicon.svg',
    '/apple-touch-icon.png',
    '/manifest.webmanifest',
  ]) {
    await expect(page.locator(`head link[href="${href}"]`)).toHaveCount(1)
    expect((await request.get(href)).status(), href).toBe(200)
  }
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    name: string
    lang: string
    icons: { src: string; sizes: string }[]
  }
  expect(manifest.lang).toBe('ru')
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512'])
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200)
})
