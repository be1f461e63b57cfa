import { isConsentVersion } from '@it-lab/shared'
import type { Page } from '@playwright/test'
import { paths, prerenderPaths } from '#app/config/paths.ts'
import { expect, MISSING_COURSE_ID, someCourse, test } from './fixtures'
import { storedLeads, uniqueName } from './leads-db'
import { chatMessages } from './telegram'
import { thanksText, TRIAL_DETAILS, trialDetailLines } from '#app/content/trial-details.ts'

// The site before or without JavaScript (a slow phone, a failed script, a blocked CSP hash): every
// essential action still works, as plain HTML (docs/decisions/0039-actions-before-hydration.md).
test.use({ javaScriptEnabled: false })

const course = someCourse()

/** Every URL the page requests or navigates to, to check that no personal data lands in one. */
function recordUrls(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => urls.push(request.url()))
  page.on('framenavigated', (frame) => urls.push(frame.url()))
  return urls
}

function expectNoPersonalData(urls: string[], name: string, digits: string) {
  const forms = [name, encodeURIComponent(name), name.replaceAll(' ', '+'), digits]
  for (const url of urls) {
    for (const form of forms) expect(url, 'no name or phone in a URL').not.toContain(form)
  }
}

/**
 * Waits until a smooth scroll has stopped, so a check sees where a jump lands, not a place it
 * passes on the way (the form passed through the screen of a jump that ended 415 px beyond it).
 */
async function scrollSettled(page: Page): Promise<void> {
  let last = Number.NaN
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => window.scrollY)
        const still = y === last
        last = y
        return still
      },
      { intervals: [150] },
    )
    .toBe(true)
}

test('every page renders its heading, title and description', async ({ page }) => {
  for (const route of prerenderPaths) {
    const response = await page.goto(route)
    expect(response?.status(), route).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page).toHaveTitle(/IT Lab/)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/)
  }
})

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } })

  test('the menu opens and closes', async ({ page }) => {
    await page.goto(paths.courses)
    const menu = page.getByRole('navigation', { name: 'Мобильное меню' })
    await expect(menu).toBeHidden()
    await page.getByRole('button', { name: 'Открыть меню' }).click()
    await expect(menu).toBeVisible()
    await page.getByRole('button', { name: 'Закрыть меню' }).click()
    await expect(menu).toBeHidden()
    await page.getByRole('button', { name: 'Открыть меню' }).click()
    await menu.getByRole('link', { name: 'Курсы' }).click()
    await expect(page).toHaveURL(paths.courses)
  })

  test("'Контакты' in the menu reaches the home page's form", async ({ page }) => {
    await page.goto(paths.courses)
    await page.getByRole('button', { name: 'Открыть меню' }).click()
    await page
      .getByRole('navigation', { name: 'Мобильное меню' })
      .getByRole('link', { name: 'Контакты' })
      .click()
    await expect(page).toHaveURL('/#contact')
    await scrollSettled(page)
    await expect(page.getByRole('heading', { name: 'Запишитесь на занятие' })).toBeInViewport()
  })

  // On a page with the form 'Контакты' only scrolls: no new page closes the menu for it.
  test("'Контакты' in the menu closes the menu at the form", async ({ page }) => {
    await page.goto(paths.home)
    const burger = page.getByRole('button', { name: 'Открыть меню' })
    const menu = page.getByRole('navigation', { name: 'Мобильное меню' })
    await burger.click()
    await expect(menu.getByRole('link', { name: 'Курсы' })).toBeVisible()
    await menu.getByRole('link', { name: 'Контакты' }).click()
    await expect(menu).toBeHidden()
    await expect(page).toHaveURL('/#contact')
    await scrollSettled(page)
    await expect(page.getByRole('heading', { name: 'Запишитесь на занятие' })).toBeInViewport()
    // It opens again, and closes the same way on a course page.
    await burger.click()
    await expect(menu.getByRole('link', { name: 'Курсы' })).toBeVisible()
    await page.goto(paths.course(course.id))
    await burger.click()
    await menu.getByRole('link', { name: 'Контакты' }).click()
    await expect(menu).toBeHidden()
    await expect(page).toHaveURL(`${paths.course(course.id)}#contact`)
  })
})

test("the hero's and the course page's calls to action reach the form", async ({ page }) => {
  await page.goto(paths.home)
  await page.locator('#hero').getByRole('link', { name: 'Оставить заявку' }).click()
  await scrollSettled(page)
  await expect(page.getByRole('form', { name: 'Заявка на обучение' })).toBeInViewport()
  await page.goto(paths.course(course.id))
  await page.getByRole('link', { name: 'Записаться', exact: true }).click()
  await scrollSettled(page)
  await expect(page.getByRole('form', { name: 'Заявка на обучение' })).toBeInViewport()
})

test('a lead is posted, stored, delivered to the chat and thanked, with no personal data in any URL', async ({
  page,
}) => {
  const urls = recordUrls(page)
  const name = uniqueName('Без скриптов')
  await page.goto(paths.course(course.id))
  const form = page.getByRole('form', { name: 'Заявка на обучение' })
  await form.getByLabel('Имя').fill(name)
  // Typed as a parent would without the mask: the service brings it to the one format.
  await form.getByLabel('Телефон').fill('8 (912) 345-67-89')
  await form.getByRole('button', { name: 'Оставить заявку' }).click()

  await expect(page).toHaveURL(paths.leadSent)
  await expect(page.getByRole('heading', { level: 1, name: thanksText() })).toBeVisible()
  // The trial told concretely on the thank-you page (docs/decisions/0089): its length, who stays,
  // what to bring, as the owner wrote them; when the school calls back is the heading.
  const details = trialDetailLines(TRIAL_DETAILS, { callBack: false }).map(({ text }) => text)
  expect(details).toHaveLength(3)
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText(details)
  const [lead] = storedLeads(name)
  expect(lead).toMatchObject({
    phone: '+7 (912) 345-67-89',
    form: 'feedback',
    course: course.id,
    page: paths.course(course.id),
  })
  expect(isConsentVersion(String(lead?.consent_version))).toBe(true)
  await expect
    .poll(async () => (await chatMessages()).some((text) => text.includes(name)))
    .toBe(true)
  expectNoPersonalData(urls, name, '9123456789')
})

test('a wrong phone leads to a page that says so and shows our number; Back keeps what was typed', async ({
  page,
}) => {
  const urls = recordUrls(page)
  const name = uniqueName('Ошибка')
  await page.goto(paths.home)
  const form = page.getByRole('form', { name: 'Заявка на обучение' })
  await form.getByLabel('Имя').fill(name)
  await form.getByLabel('Телефон').fill('12-34')
  await form.getByRole('button', { name: 'Оставить заявку' }).click()

  await expect(page).toHaveURL(paths.leadError('phone'))
  await expect(page.getByRole('heading', { level: 1, name: 'Заявка не отправлена' })).toBeVisible()
  await expect(page.getByText(/введите корректный номер телефона/i)).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: /^\d/ })).toHaveAttribute(
    'href',
    /^tel:/,
  )
  await expect(page.getByRole('link', { name: 'Вернуться к форме' })).toHaveAttribute(
    'href',
    '/#contact',
  )
  expect(storedLeads(name)).toEqual([])

  await page.goBack()
  await expect(form.getByLabel('Имя')).toHaveValue(name)
  await expect(form.getByLabel('Телефон')).toHaveValue('12-34')
  expectNoPersonalData(urls, name, '1234')
})

test('a page of a course the service does not know still gets its lead through', async ({
  page,
}) => {
  // A site deployed with a new course before the service: its page's form names a course and
  // a page the running service has never heard of.
  const unknown = MISSING_COURSE_ID
  await page.route(paths.course(course.id), async (route) => {
    const response = await route.fetch()
    const html = (await response.text())
      .replace(`name="course" value="${course.id}"`, `name="course" value="${unknown}"`)
      .replace(
        `name="page" value="${paths.course(course.id)}"`,
        `name="page" value="${paths.course(unknown)}"`,
      )
    await route.fulfill({ response, body: html })
  })
  const name = uniqueName('Новый курс')
  await page.goto(paths.course(course.id))
  const form = page.getByRole('form', { name: 'Заявка на обучение' })
  await form.getByLabel('Имя').fill(name)
  await form.getByLabel('Телефон').fill('+7 912 345 67 89')
  await form.getByRole('button', { name: 'Оставить заявку' }).click()

  await expect(page).toHaveURL(paths.leadSent)
  expect(storedLeads(name)).toMatchObject([
    { course: unknown, page: paths.course(unknown), phone: '+7 (912) 345-67-89' },
  ])
  await expect
    .poll(async () => (await chatMessages()).find((text) => text.includes(name)) ?? '')
    .toContain(`№${unknown}`)
})
