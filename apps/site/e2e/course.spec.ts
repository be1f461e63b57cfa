import { expect, navigateInApp, reachedGoals, test } from './fixtures'
import { documentScrollWidth, elementsOutsideViewport } from './page-layout'

type CourseCase = { id: number; title: string; duration: string; level: string }

/** The course list, with the Russian titles, durations and levels of the content data. */
const COURSES: CourseCase[] = [
  { id: 1, title: 'Roblox: создание 3D-игр', duration: '9 месяцев', level: 'Средний · 11–13 лет' },
  { id: 2, title: 'Компьютерная грамотность', duration: '5 месяцев', level: 'Начальный · 5–7 лет' },
  { id: 3, title: 'Моды для Minecraft', duration: '6 месяцев', level: 'Средний · 11–13 лет' },
  {
    id: 4,
    title: 'Программирование на Python',
    duration: '12 месяцев',
    level: 'Продвинутый · 14–17 лет',
  },
  { id: 5, title: 'Scratch Junior', duration: '5 месяцев', level: 'Средний · 7–10 лет' },
  {
    id: 6,
    title: 'Scratch: первые игры и анимации',
    duration: '8 месяцев',
    level: 'Средний · 7–10 лет',
  },
  {
    id: 7,
    title: 'Создание сайтов: HTML и CSS',
    duration: '12 месяцев',
    level: 'Продвинутый · 14–17 лет',
  },
  {
    id: 8,
    title: 'Мобильные приложения в App Inventor',
    duration: '4 месяца',
    level: 'Средний · 11–13 лет',
  },
  {
    id: 9,
    title: 'Kodu Game Lab: 3D-игры без кода',
    duration: '6 месяцев',
    level: 'Средний · 7–10 лет',
  },
  {
    id: 10,
    title: 'Нейросети и искусственный интеллект',
    duration: '3 месяца',
    level: 'Умеренный · 11–13 лет',
  },
]

const SECTION_HEADINGS = [
  'Чему научится ваш ребёнок',
  'Программа курса',
  'По завершению курса, вы получите:',
  'Стоимость обучения',
  'Не уверены, подойдет ли обучение?',
  'За частое посещение — ценные призы',
]

// Intl puts no-break spaces into '4 500 ₽'; match any space.
const rubles = (text: string) => new RegExp(text.replace(/ /g, '\\s'))

for (const course of COURSES) {
  test(`/course/${course.id} shows ${course.title} with its tiles and sections`, async ({
    page,
  }) => {
    await page.goto(`/course/${course.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title)
    await expect(page.getByRole('link', { name: 'Назад к курсам' })).toHaveAttribute(
      'href',
      '/courses',
    )
    await expect(page.getByText(course.level, { exact: true })).toBeVisible()

    const tiles = page.locator('main dl').first()
    await expect(tiles.locator('dt')).toHaveText(['Длительность', 'Формат', 'Старт'])
    await expect(tiles.locator('dd')).toHaveText([course.duration, 'Оффлайн', 'По набору'])

    const image = page.locator('main img').first()
    await expect(image).toHaveAttribute('width', '640')
    await expect(image).toHaveAttribute('height', '400')

    const h2 = await page.getByRole('heading', { level: 2 }).allTextContents()
    const normalised = h2.map((text) => text.replace(/\s+/g, ' '))
    expect(normalised.filter((text) => SECTION_HEADINGS.includes(text))).toEqual(SECTION_HEADINGS)
    // The contact block closes the page.
    expect(normalised.indexOf('Запишитесь на занятие')).toBeGreaterThan(
      normalised.indexOf('За частое посещение — ценные призы'),
    )

    const skills = page.locator('#skills').getByRole('listitem')
    expect(await skills.count()).toBeGreaterThanOrEqual(6)
    const plan = page.locator('#plan').getByRole('listitem')
    expect(await plan.count()).toBeGreaterThanOrEqual(8)
    await expect(page.locator('#benefits').getByRole('heading', { level: 3 })).toHaveText([
      'Готовый проект',
      'Призы за лучшие проекты',
      'Скидку на следующий курс',
      'Сертификат об окончании',
    ])
  })
}

test('the price cards show the lesson, monthly, struck and discount figures', async ({ page }) => {
  await page.goto('/course/4')
  const prices = page.locator('#prices')
  await expect(prices.getByRole('heading', { level: 2 })).toHaveText('Стоимость обучения')

  const basic = prices.getByRole('article', { name: 'Разовое посещение' })
  await expect(basic).toContainText(rubles('1 500 ₽'))
  await expect(basic).toContainText('за занятие')
  await expect(basic.locator('s')).toHaveCount(0)

  const plans = [
    { name: 'за 1 месяц', note: 'Частичная оплата', month: '4 500 ₽', lesson: '1 125 ₽', off: 25 },
    {
      name: 'от 4 месяцев',
      note: 'Частичная оплата с выгодой',
      month: '4 000 ₽',
      lesson: '1 000 ₽',
      off: 33,
    },
    {
      name: 'Полный курс',
      note: 'Доступ к курсу на 1 год',
      month: '3 600 ₽',
      lesson: '900 ₽',
      off: 40,
    },
  ]
  for (const plan of plans) {
    const card = prices.getByRole('article', { name: plan.name })
    await expect(card).toContainText(plan.note)
    await expect(card).toContainText(rubles(`${plan.month} в месяц`))
    await expect(card.locator('s')).toHaveText(rubles('Без скидки: 6 000 ₽'))
    await expect(card).toContainText(rubles(`Скидка ${plan.off} %`))
    await expect(card).toContainText(rubles(`${plan.lesson} за занятие`))
  }
  await expect(prices.getByRole('article', { name: 'Полный курс' })).toContainText('Выгодно')
  await expect(prices.getByText('Выгодно')).toHaveCount(1)
})

test('the trial promo and the prize block', async ({ page }) => {
  await page.goto('/course/2')
  const promo = page.getByRole('region', { name: 'Не уверены, подойдет ли обучение?' })
  await expect(promo.getByText('Приходите на бесплатный пробный урок!')).toBeVisible()
  await expect(promo.getByRole('heading', { level: 3 })).toHaveText([
    'Познакомитесь с преподавателем и методикой',
    'Узнаете, как проходят уроки',
    'Получите ответы на свои вопросы',
    'Попробуете формат обучения',
  ])
  await promo.getByRole('link', { name: 'Записаться на пробный урок' }).click()
  await expect(page.locator('#contact')).toBeInViewport()

  const prizes = page.getByRole('region', { name: 'За частое посещение — ценные призы' })
  await expect(prizes.getByRole('heading', { level: 3 })).toHaveText([
    'Блокнот и ручка',
    'Фирменная футболка',
    'Смарт-часы',
    'Умная колонка',
  ])
  await expect(prizes).toContainText('розыгрыше призов')
  await expect(prizes.getByText('Список призов периодически обновляется.')).toBeVisible()
})

test("'Записаться' scrolls to the contact block of the course page", async ({ page }) => {
  await page.goto('/course/7')
  await expect(page.locator('#contact')).not.toBeInViewport()
  await page.getByRole('link', { name: 'Записаться', exact: true }).click()
  await expect(page.locator('#contact')).toBeInViewport()
  await expect(page).toHaveURL('/course/7#contact')
})

test('the scroll-to-top button appears past 300 px and takes the page back up', async ({
  page,
}) => {
  // The cookie banner would cover the button until accepted.
  await page.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'))
  await page.goto('/course/1')
  const button = page.getByRole('button', { name: 'Наверх' })
  await expect(button).toBeHidden()
  await page.evaluate(() => window.scrollTo(0, 300))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300)
  await expect(button).toBeHidden()
  await page.evaluate(() => window.scrollTo(0, 301))
  await expect(button).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, 2000))
  await button.click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(button).toBeHidden()
  await expect(page.locator('#main')).toBeFocused()
})

test('opening a course reports openCourseDetails once per course', async ({ page }) => {
  await page.goto('/courses')
  await expect(page.getByRole('heading', { level: 1, name: 'Наши курсы' })).toBeVisible()
  expect(await reachedGoals(page)).toEqual([])

  await page.getByRole('link', { name: 'Scratch Junior' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Scratch Junior' })).toBeVisible()
  await expect.poll(() => reachedGoals(page)).toEqual(['openCourseDetails'])

  // Scrolling and re-rendering do not report it again.
  await page.evaluate(() => window.scrollTo(0, 1000))
  await expect(page.getByRole('button', { name: 'Наверх' })).toBeVisible()
  expect(await reachedGoals(page)).toEqual(['openCourseDetails'])

  await navigateInApp(page, '/course/8')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Мобильные приложения в App Inventor' }),
  ).toBeVisible()
  await expect.poll(() => reachedGoals(page)).toEqual(['openCourseDetails', 'openCourseDetails'])
})

test('a course opened directly reports the goal once', async ({ page }) => {
  await page.goto('/course/3')
  await expect.poll(() => reachedGoals(page)).toEqual(['openCourseDetails'])
})

test.describe('narrow phone', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('no course page scrolls sideways at 320 px', async ({ page }) => {
    for (const course of COURSES) {
      await page.goto(`/course/${course.id}`)
      expect(await documentScrollWidth(page), `/course/${course.id}`).toBeLessThanOrEqual(320)
      expect(await elementsOutsideViewport(page), `/course/${course.id}`).toEqual([])
    }
  })
})
