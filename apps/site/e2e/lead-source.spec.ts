// Where a lead came from (docs/decisions/0078-where-a-lead-came-from.md): the ad tags of the
// address a visit began at reach the school's chat with the lead, after a move to another page;
// Metrika's ClientID only once the visitor pressed «Понятно»; without JavaScript, the tags of the
// page a plain form was posted from.
import type { BrowserContext, Page } from '@playwright/test'
import { STORAGE_KEYS } from '#app/config/browser-storage.ts'
import { paths } from '#app/config/paths.ts'
import { LEAD_API_URL, SITE_PORT } from './e2e-env.ts'
import { expect, someCourse, test, type LeadForm } from './fixtures'
import { storedLeads, uniqueName } from './leads-db'
import { chatMessages } from './telegram'
import { thanksText } from '#app/content/trial-details.ts'

const course = someCourse()
const coursePath = paths.course(course.id)
const THANKS = thanksText()
const CLIENT_ID = '1732000000123456789'
const AD = '?utm_source=yandex&utm_medium=cpc&utm_campaign=zima-2027&yclid=5550001'

/** The cookie Metrika's tag sets in a visitor's browser (the fake tag of the tests sets none). */
async function metrikaCookie(context: BrowserContext): Promise<void> {
  await context.addCookies([
    { name: '_ym_uid', value: CLIENT_ID, domain: '127.0.0.1', path: '/', sameSite: 'Lax' },
  ])
}

/** Opens the course list from an ad, then moves to a course by its link, as a parent would. */
async function fromAdToCourse(page: Page): Promise<void> {
  await page.goto(`${paths.courses}${AD}`)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  // The tags are kept by code that loads after hydration (islands/page-behaviours.ts): on a busy
  // machine a click at once left before they were, and the lead went without its source.
  await expect
    .poll(() => page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEYS.visitSource))
    .toContain('zima-2027')
  const grid = page.getByRole('region', { name: 'Список курсов' })
  await grid.getByRole('link', { name: course.title, exact: true }).click()
  await expect(page).toHaveURL(coursePath)
  await expect(
    page.getByRole('heading', { level: 1, name: course.title, exact: true }),
  ).toBeVisible()
}

async function sendFrom(page: Page, leadForm: LeadForm, name: string): Promise<void> {
  const form = await leadForm()
  // Each action finds the form again: the course page may still be laying out below the fold.
  await form.getByLabel('Имя').fill(name)
  await form.getByLabel('Телефон').pressSequentially('9123456789')
  await form.getByRole('button', { name: /Оставить заявку|Записаться/ }).click()
  await expect(page.getByRole('dialog', { name: THANKS })).toBeVisible()
}

test('the ad a family came from reaches the chat with its lead, sent from another page', async ({
  page,
  context,
  leadForm,
}) => {
  await metrikaCookie(context)
  await fromAdToCourse(page)
  const name = uniqueName('Реклама')
  await sendFrom(page, leadForm, name)

  await expect
    .poll(async () => (await chatMessages()).find((text) => text.includes(name)) ?? '')
    .toContain('<b>Источник:</b> yandex / cpc / zima-2027')
  const [lead] = storedLeads(name)
  expect(lead).toMatchObject({
    utm_source: 'yandex',
    utm_medium: 'cpc',
    utm_campaign: 'zima-2027',
    yclid: '5550001',
    landing_page: paths.courses,
    page: coursePath,
    // «Понятно» was not pressed: Metrika's id stays in the browser.
    metrika_client_id: null,
  })
})

test("Metrika's ClientID goes with the lead once the visitor pressed «Понятно»", async ({
  page,
  context,
  leadForm,
}) => {
  await metrikaCookie(context)
  await fromAdToCourse(page)
  await page.getByRole('button', { name: 'Понятно' }).click()
  const name = uniqueName('Согласие')
  await sendFrom(page, leadForm, name)

  await expect.poll(() => storedLeads(name).length).toBe(1)
  expect(storedLeads(name)[0]).toMatchObject({
    utm_source: 'yandex',
    metrika_client_id: CLIENT_ID,
  })
})

test('a visit typed in carries no source, and its message says none', async ({
  page,
  leadForm,
}) => {
  await page.goto(coursePath)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  const name = uniqueName('Напрямую')
  await sendFrom(page, leadForm, name)

  await expect
    .poll(async () => (await chatMessages()).find((text) => text.includes(name)) ?? '')
    .toContain(name)
  expect((await chatMessages()).find((text) => text.includes(name))).not.toContain('Источник')
  expect(storedLeads(name)[0]).toMatchObject({ utm_source: null, landing_page: coursePath })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test("a plain form posted from a page opened from an ad carries the ad's tags", async ({
    page,
  }) => {
    // One origin for the pages and the service, as the deploy's nginx makes it (`/lead`): the
    // browser then names the posting page in full (Referrer-Policy strict-origin-when-cross-origin).
    // Here the pages come from the site server under the service's origin, and the form's post goes
    // to the real service with the browser's own headers.
    const site = `http://127.0.0.1:${SITE_PORT}`
    await page.context().route(
      (url) => url.origin === LEAD_API_URL,
      async (route) => {
        const { pathname, search } = new URL(route.request().url())
        const from = pathname === '/send' ? LEAD_API_URL : site
        const response = await route.fetch({ url: `${from}${pathname}${search}`, maxRedirects: 0 })
        await route.fulfill({ response })
      },
    )
    await page.goto(`${LEAD_API_URL}${coursePath}${AD}`)
    const name = uniqueName('Форма')
    const form = page.getByRole('form', { name: 'Заявка на обучение' })
    await form.getByLabel('Имя').fill(name)
    await form.getByLabel('Телефон').fill('+7 912 345-67-89')
    await form.getByRole('button', { name: /Оставить заявку|Записаться/ }).click()
    // The service sends the browser on to the thanks page of the same origin. Playwright routes
    // no request that follows a redirect, so the page is loaded again through the route.
    await expect(page).toHaveURL(`${LEAD_API_URL}${paths.leadSent}`)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: THANKS })).toBeVisible()

    await expect
      .poll(async () => (await chatMessages()).find((text) => text.includes(name)) ?? '')
      .toContain('<b>Источник:</b> yandex / cpc / zima-2027')
    expect(storedLeads(name)[0]).toMatchObject({
      utm_source: 'yandex',
      utm_medium: 'cpc',
      utm_campaign: 'zima-2027',
      yclid: '5550001',
      landing_page: coursePath,
      page: coursePath,
      metrika_client_id: null,
    })
  })
})
