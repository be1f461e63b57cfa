import { render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { TrialDetailsList } from '#app/components/trial-details-list.tsx'
import { faqWithTrial } from '#app/content/faq.ts'
import type { CompletionPromises, FormatPromise } from '#app/content/promises.ts'
import type { PrizesFile } from '#app/content/prizes.ts'
import type { QuizPromo } from '#app/content/quiz-promo.ts'
import { thanksText, type TrialDetails } from '#app/content/trial-details.ts'
import { QuizIntro } from '#app/features/quiz/quiz-intro.tsx'
import { QuizPromoCard } from '#app/features/quiz/quiz-result.tsx'
import { CompletionBenefitsSection } from './completion-benefits-section'
import { LearningPathSection } from './learning-path-section'
import { PrizeSection } from './prize-section'

// Every promise is the owner's and shown only when she filled it
// (docs/decisions/0089-every-promise-is-content.md): an empty one leaves no heading, card or line.

function renderPage(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <>{element}</> }])
  return render(<Stub />)
}

/** Text as the page shows it, its no-break spaces read as spaces. */
const shown = (text: string) => text.replaceAll('\u00a0', ' ')

const NO_FORMAT: FormatPromise = { title: '', text: '', sample: false }
const NO_COMPLETION: CompletionPromises = {
  project: '',
  projectPrizes: '',
  discountTerms: '',
  certificate: '',
  sample: false,
}
const NO_DETAILS: TrialDetails = { parent: '', bring: '', callBack: '', sample: false }
const PROMO: QuizPromo = {
  code: 'ЛЕТО-15',
  percent: 15,
  validDays: 14,
  appliesTo: 'первый месяц занятий любого курса',
  combines: 'no',
  sample: false,
}

describe('what a finished course brings', () => {
  it('has no section on the course page when the owner promises nothing', () => {
    renderPage(<CompletionBenefitsSection completion={NO_COMPLETION} />)
    expect(screen.queryByRole('region')).toBeNull()
    expect(screen.queryByText(/По завершении курса/)).toBeNull()
  })

  it('shows only what she filled, the next course’s discount with its amount', () => {
    renderPage(
      <CompletionBenefitsSection
        completion={{
          ...NO_COMPLETION,
          discountPercent: 15,
          discountTerms: 'На первый месяц следующего курса.',
        }}
      />,
    )
    const cards = screen.getAllByRole('heading', { level: 3 })
    expect(cards.map((card) => shown(card.textContent ?? ''))).toEqual([
      'Скидку 15 % на следующий курс',
    ])
    expect(screen.getByText('На первый месяц следующего курса.')).toBeInTheDocument()
    expect(screen.queryByText(/Сертификат/)).toBeNull()
    expect(screen.queryByText(/Призы/)).toBeNull()
  })

  it('has no features on the home page without the format and the course’s promises', () => {
    renderPage(<LearningPathSection format={NO_FORMAT} completion={NO_COMPLETION} />)
    expect(screen.queryByText(/оффлайн|Очные/i)).toBeNull()
    expect(screen.queryByText(/Сертификат|Скидка|Готовый проект/)).toBeNull()
  })

  it('shows the format on the home page only with its title and text, badged while a sample', () => {
    renderPage(
      <LearningPathSection
        format={{ title: 'Занятия в классе', text: 'Ребёнок занимается в школе.', sample: true }}
        completion={{ ...NO_COMPLETION, certificate: 'Сертификат школы.' }}
      />,
    )
    expect(screen.getByRole('heading', { level: 3, name: /Занятия в классе/ })).toHaveTextContent(
      'Занятия в классеОбразец',
    )
    expect(screen.getByText('Сертификат школы.')).toBeInTheDocument()
    expect(screen.queryByText(/Скидка/)).toBeNull()
  })
})

describe('the prize draw', () => {
  // Prizes of the test's own: a school that has not confirmed the shipped ones has none.
  const prizes: PrizesFile = {
    heading: 'Призы за посещение',
    intro: 'Разыгрываем призы среди тех, кто ходит без пропусков.',
    note: '',
    items: [
      { title: 'Футболка', description: 'С символикой школы.', colour: 'blue', icon: 'shirt' },
    ],
    draw: {
      start: '2026-09-01',
      end: '2027-05-31',
      organiser: 'ИП Иванова Анна Петровна, ИНН 301234567878',
      rulesUrl: 'https://vk.com/itlab?w=wall-1_2',
      receiving: 'Призы вручаем в школе на последнем занятии месяца.',
    },
    sample: false,
  }

  it('is gone without prizes', () => {
    renderPage(<PrizeSection file={{ ...prizes, items: [] }} />)
    expect(screen.queryByRole('region')).toBeNull()
    expect(screen.queryByText(/розыгрыш/i)).toBeNull()
  })

  it('names its dates, organiser, how prizes are handed and links its rules', () => {
    renderPage(<PrizeSection file={prizes} />)
    expect(
      screen.getByText('Розыгрыш проходит с 1 сентября 2026 по 31 мая 2027.'),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Организатор: ИП Иванова Анна Петровна, ИНН 301234567878'),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Призы вручаем в школе на последнем занятии месяца.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Правила розыгрыша/ })).toHaveAttribute(
      'href',
      'https://vk.com/itlab?w=wall-1_2',
    )
  })

  it('says nothing of a draw’s terms the owner has not given', () => {
    renderPage(
      <PrizeSection
        file={{
          ...prizes,
          draw: { start: '', end: '', organiser: '', rulesUrl: '', receiving: '' },
        }}
      />,
    )
    expect(screen.getByRole('heading', { level: 2 })).toBeInTheDocument()
    expect(screen.queryByText(/Розыгрыш проходит|Организатор|Правила розыгрыша/)).toBeNull()
  })
})

describe("the quiz's promo code", () => {
  it('is not promised in the intro nor given in the result without a code', () => {
    renderPage(
      <>
        <QuizIntro questionCount={5} headingRef={null} onStart={() => {}} promo={null} />
        <QuizPromoCard promo={undefined} givenOn="2026-12-01" />
      </>,
    )
    expect(screen.queryByText(/промокод/i)).toBeNull()
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })

  it('comes with its terms and its last day', () => {
    renderPage(
      <>
        <QuizIntro questionCount={5} headingRef={null} onStart={() => {}} promo={PROMO} />
        <QuizPromoCard promo={PROMO} givenOn="2026-12-20" />
      </>,
    )
    expect(screen.getByText('В конце — промокод на скидку 15 %')).toBeInTheDocument()
    expect(screen.getByText('ЛЕТО-15')).toBeInTheDocument()
    expect(
      screen.getByText(
        'Скидка действует на первый месяц занятий любого курса и не суммируется со скидкой абонемента.',
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Действует 14 дней, до 3 января 2027 года включительно.'),
    ).toBeInTheDocument()
  })
})

describe("the trial's details", () => {
  it('are not listed when none is filled, and the thank-you stays general', () => {
    renderPage(<TrialDetailsList details={NO_DETAILS} />)
    expect(screen.queryByText('Как пройдёт пробный урок')).toBeNull()
    expect(thanksText(NO_DETAILS)).toBe('Спасибо! Мы свяжемся с вами в ближайшее время.')
    expect(faqWithTrial([], NO_DETAILS)).toEqual([])
  })

  it('list only what the owner wrote, and the thank-you says when the school calls', () => {
    const details: TrialDetails = { ...NO_DETAILS, minutes: 45, callBack: 'в течение часа' }
    renderPage(<TrialDetailsList details={details} />)
    expect(screen.getAllByRole('listitem').map((item) => shown(item.textContent ?? ''))).toEqual([
      'Пробный урок длится 45 минут.',
      'После заявки перезвоним в течение часа и договоримся о времени.',
    ])
    expect(thanksText(details)).toBe('Спасибо! Мы перезвоним в течение часа.')
    expect(faqWithTrial([], details).map(({ question }) => question)).toEqual([
      'Как проходит пробный урок?',
    ])
  })
})
