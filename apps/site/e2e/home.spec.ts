import { devices } from '@playwright/test'
import { school } from '#app/config/school.ts'
import { courses } from '#app/content/courses.ts'
import { expect, reachedGoals, test } from './fixtures'
import { documentScrollWidth, elementsOutsideViewport } from './page-layout'

/** The onMainPage courses, in id order. */
const MAIN_PAGE_COURSES = [
  { id: 1, title: 'Roblox: создание 3D-игр' },
  { id: 2, title: 'Компьютерная грамотность' },
  { id: 4, title: 'Программирование на Python' },
  { id: 6, title: 'Scratch: первые игры и анимации' },
  { id: 7, title: 'Создание сайтов: HTML и CSS' },
  { id: 9, title: 'Kodu Game Lab: 3D-игры без кода' },
]

test.describe('home page', () => {
  test('has one h1 and the sections in order, with the contact block in the closing one', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    const hero = page.locator('#hero')
    await expect(hero.getByRole('heading', { level: 1 })).toBeVisible()

    const order = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main > section'), (section) => section.id || null),
    )
    // hero, courses, the learning-path section, the quiz, the closing section.
    expect(order).toEqual(['hero', 'courses', null, 'quiz', null])
    const sections = page.locator('main > section')
    await expect(sections.nth(2).getByRole('heading', { level: 2 })).toHaveText(
      'Путь в IT — ступень за ступенью',
    )
    const closing = sections.nth(4)
    await expect(closing.getByRole('heading', { level: 2 }).first()).toHaveText(
      'Первый шаг — бесплатный пробный урок',
    )
    await expect(closing.locator('#contact')).toHaveCount(1)
  })

  test('the hero states the message and the ages, and sends to the contact block', async ({
    page,
  }) => {
    await page.goto('/')
    const hero = page.locator('#hero')
    await expect(hero.getByRole('heading', { level: 1 })).toContainText('с любого возраста')
    await expect(hero).toContainText('вырасти до профессионального разработчика')
    await expect(hero.getByText('Для детей и подростков от 5 до 17 лет')).toBeVisible()
    await expect(page.locator('#contact')).not.toBeInViewport()
    await hero.getByRole('link', { name: 'Оставить заявку' }).click()
    await expect(page.locator('#contact')).toBeInViewport()
  })

  test('the courses grid holds the onMainPage courses only, each linking to its page', async ({
    page,
  }) => {
    await page.goto('/')
    const section = page.locator('#courses')
    const cards = section.getByRole('article')
    await expect(cards).toHaveCount(MAIN_PAGE_COURSES.length)
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(
      MAIN_PAGE_COURSES.map((course) => course.title),
    )
    for (const course of MAIN_PAGE_COURSES) {
      await expect(section.getByRole('link', { name: course.title })).toHaveAttribute(
        'href',
        `/course/${course.id}`,
      )
    }
    for (const hidden of ['Моды для Minecraft', 'Scratch Junior']) {
      await expect(section.getByText(hidden)).toHaveCount(0)
    }
    // Card images are below the fold: sized and lazy.
    const image = section.locator('img').first()
    await expect(image).toHaveAttribute('loading', 'lazy')
    await expect(image).toHaveAttribute('width', '640')
    await expect(image).toHaveAttribute('height', '400')

    await section.getByRole('link', { name: 'Программирование на Python' }).click()
    await expect(page).toHaveURL('/course/4')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Программирование на Python' }),
    ).toBeVisible()
  })

  test("'Ещё курсы' opens the catalogue", async ({ page }) => {
    await page.goto('/')
    await page.locator('#courses').getByRole('link', { name: 'Ещё курсы' }).click()
    await expect(page).toHaveURL('/courses')
    await expect(page.getByRole('heading', { level: 1, name: 'Наши курсы' })).toBeVisible()
  })

  test('the learning path links every course by age', async ({ page }) => {
    await page.goto('/')
    const path = page.locator('main > section').nth(2)
    for (const ages of ['5–7 лет', '7–10 лет', '11–13 лет', '14–17 лет']) {
      await expect(path.getByText(ages, { exact: true })).toBeVisible()
    }
    await expect(path.getByRole('link')).toHaveCount(courses.length)
  })
})

test.describe('call button on desktop', () => {
  test('copies the short number, shows «Скопировано!» for 1.5 s and reports copyNumber', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const start = new Date('2025-09-01T10:00:00+04:00')
    await page.clock.install({ time: start })
    await page.goto('/')
    const hero = page.locator('#hero')
    const button = hero.getByRole('button', { name: new RegExp(school.phone.short) })
    await expect(button).toBeVisible()
    // From here on the page's time moves only when the test moves it.
    await page.clock.pauseAt(new Date(start.getTime() + 10_000))
    await expect(hero.getByRole('link', { name: /Позвонить/ })).toHaveCount(0)

    await button.click()
    const copied = hero.getByRole('button', { name: 'Скопировано!' })
    await expect(copied).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(school.phone.short)
    await expect.poll(() => reachedGoals(page)).toEqual(['copyNumber'])

    await page.clock.runFor(1499)
    await expect(copied).toBeVisible()
    await page.clock.runFor(1)
    await expect(button).toBeVisible()
    await expect(copied).toHaveCount(0)
  })
})

test.describe('call button on a phone', () => {
  // The phone's screen, agent and touch input (its browser type stays the project's).
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7']
  test.use({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch })

  test('is a tel: link that dials the school', async ({ page }) => {
    await page.goto('/')
    const link = page.locator('#hero').getByRole('link', { name: /Позвонить/ })
    await expect(link).toHaveAttribute('href', `tel:${school.phone.tel}`)
    await expect(link).toContainText(school.phone.short)
    await expect(page.locator('#hero').getByRole('button', { name: /Скопировать/ })).toHaveCount(0)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the prerendered page already has the tel: link and every section', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('#hero').getByRole('link', { name: /Позвонить/ })).toHaveAttribute(
      'href',
      `tel:${school.phone.tel}`,
    )
    await expect(page.locator('#courses').getByRole('article')).toHaveCount(6)
    await expect(page.locator('#contact')).toHaveCount(1)
  })
})

test.describe('narrow phone', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('nothing sticks out sideways at 320 px', async ({ page }) => {
    await page.goto('/')
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(320)
    expect(await elementsOutsideViewport(page)).toEqual([])
  })
})
