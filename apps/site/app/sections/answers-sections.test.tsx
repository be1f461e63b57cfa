import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { FaqEntry } from '#app/content/faq.ts'
import type { PaymentWay } from '#app/content/payment-ways.ts'
import type { Review } from '#app/content/reviews.ts'
import { FaqSection } from './faq-section'
import { PaymentSection } from './payment-section'
import { ReviewsSection } from './reviews-section'

function renderPage(Component: () => React.ReactNode) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <>
          <Component />
          <p>Дальше на странице</p>
        </>
      ),
    },
  ])
  return render(<Stub />)
}

const entry: FaqEntry = {
  id: 'a',
  question: 'Сколько длится занятие?',
  paragraphs: ['Первый абзац.', 'Второй абзац.'],
  sample: true,
}

const review = (id: string, extra: Partial<Review>): Review => ({
  id,
  paragraphs: [`Отзыв ${id}.`],
  author: `Подпись ${id}`,
  source: 'written',
  sample: false,
  ...extra,
})

describe('«Частые вопросы»', () => {
  it('opens an answer on a tap of its question; a sample is badged', async () => {
    renderPage(() => <FaqSection entries={[entry]} />)
    const section = await screen.findByRole('region', { name: 'Частые вопросы' })
    const answer = within(section).getByText('Второй абзац.')
    expect(answer).not.toBeVisible()
    await userEvent.click(within(section).getByText('Сколько длится занятие?'))
    expect(answer).toBeVisible()
    expect(within(section).getByText('Образец')).toBeInTheDocument()
  })

  it('is absent with no questions: no heading, no empty section', async () => {
    renderPage(() => <FaqSection entries={[]} />)
    await screen.findByText('Дальше на странице')
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
    expect(screen.queryByText('Частые вопросы')).not.toBeInTheDocument()
  })
})

describe('«Отзывы родителей»', () => {
  it('links each review to where it was published, in a new tab, or notes the written consent', async () => {
    renderPage(() => (
      <ReviewsSection
        reviews={[
          review('1', { source: 'yandex', link: 'https://yandex.ru/maps/org/1/reviews/' }),
          review('2', { source: '2gis', link: 'https://2gis.ru/astrakhan/firm/1' }),
          review('3', { dateText: '12 марта 2026' }),
        ]}
      />
    ))
    const section = await screen.findByRole('region', { name: 'Отзывы родителей' })
    const yandex = within(section).getByRole('link', { name: 'Отзыв на Яндекс Картах' })
    expect(yandex).toHaveAttribute('href', 'https://yandex.ru/maps/org/1/reviews/')
    expect(yandex).toHaveAttribute('target', '_blank')
    expect(yandex).toHaveAttribute('rel', 'noopener noreferrer')
    expect(within(section).getByRole('link', { name: 'Отзыв в 2ГИС' })).toHaveAttribute(
      'href',
      'https://2gis.ru/astrakhan/firm/1',
    )
    expect(
      within(section).getByText('Родитель согласился на публикацию письменно'),
    ).toBeInTheDocument()
    expect(within(section).getByText('12 марта 2026')).toBeInTheDocument()
    // No stars, no score.
    expect(section.textContent).not.toMatch(/★|☆|из 5|рейтинг/i)
  })

  it('is absent with no reviews', async () => {
    renderPage(() => <ReviewsSection reviews={[]} />)
    await screen.findByText('Дальше на странице')
    expect(screen.queryByText('Отзывы родителей')).not.toBeInTheDocument()
  })
})

describe('«Как оплатить обучение»', () => {
  const way: PaymentWay = {
    id: 'pfdo',
    title: 'Сертификат дополнительного образования (ПФДО)',
    paragraphs: ['Текст.'],
    link: {
      href: 'https://р30.навигатор.дети/',
      label: 'Открыть навигатор дополнительного образования',
    },
  }

  it('explains each confirmed way and links the school’s information page', async () => {
    renderPage(() => <PaymentSection ways={[way]} />)
    const section = await screen.findByRole('region', { name: 'Как оплатить обучение' })
    expect(within(section).getByRole('heading', { name: way.title, level: 3 })).toBeInTheDocument()
    expect(
      within(section).getByRole('link', { name: 'Открыть навигатор дополнительного образования' }),
    ).toHaveAttribute('rel', 'noopener noreferrer')
    expect(
      within(section).getByRole('link', { name: '«Сведения об образовательной организации»' }),
    ).toHaveAttribute('href', '/sveden')
  })

  it('is absent without a licence (no way to show)', async () => {
    renderPage(() => <PaymentSection ways={[]} />)
    await screen.findByText('Дальше на странице')
    expect(screen.queryByText('Как оплатить обучение')).not.toBeInTheDocument()
  })
})
