import { render, screen, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { courses, type Course } from '#app/content/courses.ts'
import { CoursePricesSection } from '#app/sections/course-prices-section.tsx'
import CoursePage from './course'

// A month's price is the month's lessons (docs/decisions/0087-a-month-is-its-lessons.md): the
// course page counts «в месяц» from how often the course meets, four weeks of it.

// Intl and the cards put no-break spaces in figures; compare with ordinary ones.
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()

/** A course of the real shape, not the school's: the figures must hold for any prices. */
const course = (extra: Partial<Course> = {}): Course => ({
  id: 42,
  title: 'Курс для проверки',
  description: 'Описание курса для проверки цен.',
  duration: '9 месяцев',
  format: 'Оффлайн',
  startDate: 'По набору',
  level: 'Средний · 11–13 лет',
  levelTone: 'middle',
  ageMin: 11,
  ageMax: 13,
  onMainPage: false,
  prices: { basic: 1500, month: 1125, fourMonth: 1000, year: 900 },
  lessonsPerWeek: [1],
  planTexts: [],
  image: '/uploads/course-4.svg',
  ...extra,
})

function renderPrices(shown: Course) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <CoursePricesSection course={shown} /> },
  ])
  render(<Stub />)
  return screen.findByRole('region', { name: 'Стоимость обучения' })
}

const card = (section: HTMLElement, label: string) =>
  within(section).getByRole('article', { name: label })

describe('the prices of a course page', () => {
  it('once a week: 4 lessons a month, as it always said', async () => {
    const section = await renderPrices(course())
    expect(plain(section.textContent)).toContain('В месяце 4 занятия.')
    const month = card(section, 'за 1 месяц')
    expect(plain(month.textContent)).toContain('4 500 ₽ в месяц')
    expect(plain(month.textContent)).toContain('Без скидки: 6 000 ₽')
    expect(plain(month.textContent)).toContain('1 125 ₽ за занятие, 4 занятия в месяц')
  })

  it('twice a week for 90 minutes: 8 lessons a month, 9 000 ₽, and says how it counted', async () => {
    const section = await renderPrices(course({ lessonsPerWeek: [2], lessonMinutes: 90 }))
    expect(plain(section.textContent)).toContain(
      'Занятия 2 раза в неделю по 90 минут. Месяц считаем за 4 недели — это 8 занятий.',
    )
    const month = card(section, 'за 1 месяц')
    expect(plain(month.textContent)).toContain('9 000 ₽ в месяц')
    expect(plain(month.textContent)).toContain('Без скидки: 12 000 ₽')
    expect(plain(month.textContent)).toContain('Скидка 25 %')
    expect(plain(month.textContent)).toContain('1 125 ₽ за занятие, 8 занятий в месяц')
    expect(plain(card(section, 'Полный курс').textContent)).toContain('7 200 ₽ в месяц')
  })

  it('groups meeting once or twice: «от … до …», and says it depends on the group', async () => {
    const section = await renderPrices(course({ lessonsPerWeek: [1, 2] }))
    const month = card(section, 'за 1 месяц')
    expect(plain(month.textContent)).toContain('от 4 500 до 9 000 ₽ в месяц')
    expect(plain(month.textContent)).toContain('Без скидки: от 6 000 до 12 000 ₽')
    expect(plain(month.textContent)).toContain(
      '1 125 ₽ за занятие, 4 или 8 занятий в месяц — смотря по группе',
    )
  })

  it('shows only the plans the course has a price for', async () => {
    const section = await renderPrices(course({ prices: { basic: 1500, month: 1125, year: 900 } }))
    expect(
      within(section)
        .getAllByRole('article')
        .map((article) => within(article).getByRole('heading').textContent),
    ).toEqual(['Разовое посещение', 'за 1 месяц', 'Полный курс'])
  })
})

describe('a course page of the shipped content', () => {
  it('counts the month of a course meeting twice a week from its 8 lessons', async () => {
    const twice = courses.find(
      ({ lessonsPerWeek }) => lessonsPerWeek.length === 1 && lessonsPerWeek[0] === 2,
    )
    if (!twice) throw new Error('the shipped content has a course meeting twice a week (Python)')
    const Stub = createRoutesStub([{ path: '/course/:id', Component: CoursePage }])
    render(<Stub initialEntries={[`/course/${twice.id}`]} />)
    const section = await screen.findByRole('region', { name: 'Стоимость обучения' })
    expect(plain(section.textContent)).toContain('8 занятий')
    const lesson = twice.prices.month
    if (lesson === undefined) throw new Error('the shipped course has a month’s subscription')
    const month = new Intl.NumberFormat('ru-RU').format(lesson * 8)
    expect(plain(within(section).getAllByRole('article')[1]?.textContent ?? '')).toContain(
      plain(`${month} ₽ в месяц`),
    )
  })
})
