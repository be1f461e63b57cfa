import type { Page } from '@playwright/test'
import { paths } from '#app/config/paths.ts'
import { school } from '#app/config/school.ts'
import {
  blockStorage,
  expect,
  metrikaCalls,
  METRIKA_ID,
  MISSING_COURSE_ID,
  someCourse,
  test,
} from './fixtures'

test.describe('header on desktop', () => {
  test('nav links lead to their pages and the logo leads home', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Основное меню' })
    await nav.getByRole('link', { name: 'Курсы' }).click()
    await expect(page).toHaveURL('/courses')
    await expect(page.getByRole('heading', { level: 1, name: 'Наши курсы' })).toBeVisible()
    await nav.getByRole('link', { name: 'Главная' }).click()
    await expect(page).toHaveURL('/')
    await page.goto('/cookie')
    await page.getByRole('link', { name: 'На главную' }).click()
    await expect(page).toHaveURL('/')
  })

  test("'Контакты' scrolls to the contact block of the page", async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('#contact')).not.toBeInViewport()
    await page.getByRole('link', { name: 'Контакты' }).click()
    await expect(page.locator('#contact')).toBeInViewport()
    await expect(page).toHaveURL('/#contact')
  })

  test("'Контакты' on a page without a contact block opens the home page's one", async ({
    page,
  }) => {
    await page.goto('/privacy-policy')
    await page.getByRole('link', { name: 'Контакты' }).click()
    await expect(page).toHaveURL('/#contact')
    await expect(page.locator('#contact')).toBeInViewport()
  })

  test('the header turns blurred and shadowed once scrolled past 10 px', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header).toHaveCSS('box-shadow', 'none')
    await page.evaluate(() => window.scrollTo(0, 8))
    await expect(header).toHaveCSS('box-shadow', 'none')
    await page.evaluate(() => window.scrollTo(0, 40))
    await expect(header).not.toHaveCSS('box-shadow', 'none')
    await expect(header).toHaveCSS('backdrop-filter', /blur/)
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(header).toHaveCSS('box-shadow', 'none')
  })
})

test.describe('burger menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('opens, and closes after a choice or the contact click', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Основное меню' })).toBeHidden()
    const burger = page.getByRole('button', { name: 'Открыть меню' })
    const menu = page.getByRole('navigation', { name: 'Мобильное меню' })
    await expect(menu).toBeHidden()

    await burger.click()
    await expect(menu).toBeVisible()
    await menu.getByRole('link', { name: 'Курсы' }).click()
    await expect(page).toHaveURL('/courses')
    await expect(menu).toBeHidden()

    await page.goto('/')
    await burger.click()
    await menu.getByRole('link', { name: 'Контакты' }).click()
    await expect(menu).toBeHidden()
    await expect(page.locator('#contact')).toBeInViewport()
  })

  test('closes with its cross, with Esc and with a tap outside', async ({ page }) => {
    await page.goto('/courses')
    const burger = page.getByRole('button', { name: 'Открыть меню' })
    const menu = page.getByRole('navigation', { name: 'Мобильное меню' })
    await burger.click()
    await page.getByRole('button', { name: 'Закрыть меню' }).click()
    await expect(menu).toBeHidden()
    await burger.click()
    await expect(menu).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await burger.click()
    await page.mouse.click(187, 600)
    await expect(menu).toBeHidden()
    await expect(page).toHaveURL('/courses')
  })
})

test('footer shows the logo, copyright, policy and consent links and the legal line', async ({
  page,
}) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Понятно' }).click()
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('img', { name: school.name })).toBeVisible()
  await expect(footer.getByText('© 2025 Все права защищены')).toBeVisible()
  await expect(footer.getByText(school.legalLine, { exact: true })).toBeVisible()
  await footer.getByRole('link', { name: 'Согласие на обработку персональных данных' }).click()
  await expect(page).toHaveURL('/consent')
  await footer.getByRole('link', { name: 'Политика конфиденциальности' }).click()
  await expect(page).toHaveURL('/privacy-policy')
})

test('every page, the not-found pages included, has the cookie policy in its footer', async ({
  page,
}) => {
  for (const path of [
    '/',
    '/courses',
    paths.course(someCourse().id),
    '/privacy-policy',
    '/personal-data-policy',
    '/consent',
    '/cookie',
    '/thanks',
    '/form-error/failed',
    '/no-such-page',
    paths.course(MISSING_COURSE_ID),
  ]) {
    await page.goto(path)
    const link = page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Политика использования файлов cookie' })
    await expect(link, path).toBeVisible()
    await expect(link, path).toHaveAttribute('href', '/cookie')
  }
  await page.goto('/courses')
  await page.getByRole('button', { name: 'Понятно' }).click()
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Политика использования файлов cookie' })
    .click()
  await expect(page).toHaveURL('/cookie')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Политика использования файлов cookie',
  )
})

test.describe('cookie banner', () => {
  for (const { viewport, path, actions } of [
    {
      viewport: { width: 375, height: 812 },
      path: '/',
      actions: ['Оставить заявку', /^(Позвонить|Скопировать номер)/],
    },
    {
      viewport: { width: 1280, height: 800 },
      path: '/',
      actions: ['Оставить заявку', /^(Позвонить|Скопировать номер)/],
    },
    {
      viewport: { width: 1280, height: 800 },
      path: paths.course(someCourse().id),
      actions: ['Записаться'],
    },
  ]) {
    test(`covers none of the first screen's calls to action on ${path} at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      await page.goto(path)
      const banner = await page.getByRole('region', { name: 'Уведомление о cookie' }).boundingBox()
      expect(banner).not.toBeNull()
      for (const name of actions) {
        const action = page
          .getByRole('main')
          .getByRole('link', { name, exact: true })
          .or(page.getByRole('main').getByRole('button', { name }))
          .first()
        await expect(action).toBeInViewport()
        // Measured again until it holds: hydration replaces the call link with the copy button on
        // a desktop, and a box asked of the element being replaced is null.
        await expect(async () => {
          const box = await action.boundingBox()
          if (!box || !banner) throw new Error(`no box for ${String(name)}`)
          const apart =
            box.x + box.width <= banner.x ||
            box.x >= banner.x + banner.width ||
            box.y + box.height <= banner.y ||
            box.y >= banner.y + banner.height
          expect(apart, `${String(name)} is clear of the banner`).toBe(true)
        }).toPass()
      }
    })
  }

  test("'Понятно' stores consent and the banner stays away", async ({ page }) => {
    await page.goto('/')
    const banner = page.getByRole('region', { name: 'Уведомление о cookie' })
    await expect(banner).toContainText('Мы используем cookie, чтобы улучшать работу сайта.')
    await banner.getByRole('button', { name: 'Понятно' }).click()
    await expect(banner).toBeHidden()
    expect(await page.evaluate(() => localStorage.getItem('cookieAccepted'))).toBe('true')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(banner).toBeHidden()
  })

  test("'Как это работает?' opens the cookie policy", async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Как это работает?', exact: true }).click()
    await expect(page).toHaveURL('/cookie')
  })

  test('shows when storage throws, and still hides on accept', async ({ page }) => {
    await blockStorage(page)
    await page.goto('/')
    const banner = page.getByRole('region', { name: 'Уведомление о cookie' })
    await expect(banner).toBeVisible()
    await banner.getByRole('button', { name: 'Понятно' }).click()
    await expect(banner).toBeHidden()
  })
})

test('every path change scrolls to the top', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Понятно' }).click()
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Политика конфиденциальности' })
    .click()
  await expect(page).toHaveURL('/privacy-policy')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('Metrika counts a page hit on each page', async ({ page }) => {
  const hits = async () =>
    (await metrikaCalls(page)).filter((call) => call[1] === 'hit').map((c) => c[2])
  await page.goto('/')
  await expect.poll(hits).toEqual(['/'])
  await page
    .getByRole('navigation', { name: 'Основное меню' })
    .getByRole('link', { name: 'Курсы' })
    .click()
  await expect(page).toHaveURL('/courses')
  await expect.poll(hits).toEqual(['/courses'])
  const calls = await metrikaCalls(page)
  expect(calls[0]?.slice(0, 2)).toEqual([METRIKA_ID, 'init'])
})

test('Metrika keeps a ym that the page already has', async ({ page }) => {
  await page.addInitScript(() => {
    const calls: unknown[][] = []
    const existing = (...args: unknown[]) => calls.push(args)
    Object.assign(window, { ym: existing, __existingCalls: calls })
  })
  await page.goto('/')
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { __existingCalls: unknown[][] }).__existingCalls.length,
      ),
    )
    .toBeGreaterThan(0)
})

test.describe('Metrika waits for consent', () => {
  /** Counts requests to the counter's host (answered by the fixture's stand-in tag). */
  function countMetrikaRequests(page: Page): () => number {
    let count = 0
    page.on('request', (request) => {
      if (new URL(request.url()).hostname === 'mc.yandex.ru') count += 1
    })
    return () => count
  }

  test("no request to the counter's host before 'Понятно', one after", async ({ page }) => {
    const requests = countMetrikaRequests(page)
    await page.goto('/')
    // Past load and idle time, when the tag would load if it were not waiting.
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))),
    )
    expect(requests()).toBe(0)
    await page.getByRole('button', { name: 'Понятно' }).click()
    await expect.poll(requests).toBe(1)
    // The hit queued before consent is sent by the tag now.
    await expect
      .poll(async () => (await metrikaCalls(page)).map((call) => call[1]))
      .toEqual(['init', 'hit'])
  })

  test('a returning visitor who accepted gets Metrika at once', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'))
    const requests = countMetrikaRequests(page)
    await page.goto('/courses')
    await expect(page.getByRole('region', { name: 'Уведомление о cookie' })).toHaveCount(0)
    await expect.poll(requests).toBe(1)
  })
})
