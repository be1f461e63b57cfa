import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { paths } from '#app/config/paths.ts'
import { quizQuestions } from '#app/content/quiz-questions.ts'
import { reachGoal } from '#app/lib/analytics.ts'
import { QUIZ_PROMO, quizPromoValidity, schoolDay } from '#app/content/quiz-promo.ts'
import { answerTexts, optionText, questionText } from '../../../test/quiz-answers.ts'
import { Quiz } from './quiz'
import { QUIZ_AUTO_ADVANCE_MS, QUIZ_RESULT_DELAY_MS } from './quiz-machine'
import { scoreQuiz } from './score-quiz'

vi.mock('#app/lib/analytics.ts', () => ({ reachGoal: vi.fn() }))

function renderQuiz() {
  const Stub = createRoutesStub([
    { path: '/', Component: Quiz },
    { path: '/course/:id', Component: () => <p>Страница курса</p> },
  ])
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
  const view = render(<Stub initialEntries={['/']} />)
  return { user, ...view }
}

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms)
  })
}

const heading = (name: string | RegExp) => screen.getByRole('heading', { level: 3, name })
const button = (name: string | RegExp) => screen.getByRole('button', { name })
const QUESTIONS = quizQuestions.length
const counter = (n: number) => screen.getByText(`${n} / ${QUESTIONS}`)

/** The text of each option of the first question, the age one. */
function ageOption(index: number): string {
  const text = quizQuestions[0]?.options[index]?.text
  if (text === undefined) throw new Error(`the first question has no option ${index + 1}`)
  return text
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  // Testing Library waits for a zero timeout after each user-event call and only advances fake
  // timers itself when it sees Jest; this lets it advance Vitest's.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('Quiz', () => {
  it('opens on the intro without taking the focus', () => {
    renderQuiz()
    expect(heading('Какой курс подойдёт вашему ребёнку?')).toBeInTheDocument()
    expect(button('Начать тест')).toBeEnabled()
    expect(document.body).toHaveFocus()
  })

  it('goes through every question with the mouse, then computing, then the result', async () => {
    const answers = {
      age: '14-17',
      interest: 'logic',
      experience: 'code',
      goal: 'app',
      learning: 'deep',
    }
    const [age = '', interest = '', ...rest] = answerTexts(answers)
    const last = rest.pop() ?? ''
    const otherAge = ageOption(0)
    const { user } = renderQuiz()
    await user.click(button('Начать тест'))

    expect(heading(questionText(0))).toHaveFocus()
    expect(counter(1)).toBeInTheDocument()
    const progress = screen.getByRole('progressbar')
    expect(progress).toHaveAttribute('aria-valuenow', '1')
    expect(progress).toHaveAttribute('aria-valuemax', String(QUESTIONS))
    expect(button('Назад')).toBeDisabled()
    expect(button('Далее')).toBeDisabled()

    await user.click(button(age))
    expect(button(age)).toHaveAttribute('aria-pressed', 'true')
    expect(button(otherAge)).toHaveAttribute('aria-pressed', 'false')
    expect(button('Далее')).toBeEnabled()
    wait(QUIZ_AUTO_ADVANCE_MS - 1)
    expect(counter(1)).toBeInTheDocument()
    wait(1)
    expect(counter(2)).toBeInTheDocument()
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2')
    expect(heading(questionText(1))).toHaveFocus()
    expect(button('Назад')).toBeEnabled()
    expect(button('Далее')).toBeDisabled()

    await user.click(button(interest))
    wait(QUIZ_AUTO_ADVANCE_MS)
    for (const [index, answer] of rest.entries()) {
      expect(counter(index + 3)).toBeInTheDocument()
      await user.click(button(answer))
      wait(QUIZ_AUTO_ADVANCE_MS)
    }

    expect(counter(QUESTIONS)).toBeInTheDocument()
    expect(heading(questionText(QUESTIONS - 1))).toHaveFocus()
    expect(button('Узнать результат')).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Далее' })).not.toBeInTheDocument()

    await user.click(button(last))
    wait(QUIZ_AUTO_ADVANCE_MS)
    expect(heading('Подбираем курс')).toHaveFocus()
    wait(QUIZ_RESULT_DELAY_MS - 1)
    expect(reachGoal).not.toHaveBeenCalled()
    expect(heading('Подбираем курс')).toBeInTheDocument()
    wait(1)

    const suggested = scoreQuiz(answers)
    const result = screen.getByRole('heading', {
      level: 3,
      name: (name) => name.endsWith(suggested.title),
    })
    expect(result).toHaveFocus()
    expect(reachGoal).toHaveBeenCalledTimes(1)
    expect(reachGoal).toHaveBeenCalledWith('testIsPassed')
    // The content's promo code (content/promises.json), with its last day counted from today;
    // content without one (the owner cleared it) shows no promo at all.
    const promo = QUIZ_PROMO
    if (promo) {
      expect(screen.getByText(promo.code)).toBeInTheDocument()
      expect(screen.getByText(`Ваш промокод на скидку ${promo.percent} %`)).toBeInTheDocument()
      expect(
        screen.getByText(quizPromoValidity(promo, schoolDay()).replaceAll('\u00a0', ' ')),
      ).toBeInTheDocument()
    } else {
      expect(screen.queryByText(/промокод/i)).not.toBeInTheDocument()
    }
    expect(screen.getByText(/носит рекомендательный характер/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Подробнее о курсе' })).toHaveAttribute(
      'href',
      paths.course(suggested.courseId),
    )
    // The home page has the contact block: the link jumps to it in the page.
    expect(screen.getByRole('link', { name: 'Оставить заявку' })).toHaveAttribute(
      'href',
      '#contact',
    )

    await user.click(button('Пройти тест заново'))
    expect(heading('Какой курс подойдёт вашему ребёнку?')).toHaveFocus()
    await user.click(button('Начать тест'))
    // A fresh start: no answer is kept.
    expect(button(age)).toHaveAttribute('aria-pressed', 'false')
    expect(button('Далее')).toBeDisabled()
  })

  it('waits for «Далее» after a keyboard choice and keeps the focus on the answer', async () => {
    const [second, third] = [ageOption(1), ageOption(2)]
    const { user } = renderQuiz()
    await user.click(button('Начать тест'))

    button(second).focus()
    await user.keyboard('{Enter}')
    expect(button(second)).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('status')).toHaveTextContent(
      `Выбран ответ «${second}». Чтобы продолжить, нажмите «Далее».`,
    )
    // Far past the wait after a pointer choice.
    wait(10 * QUIZ_AUTO_ADVANCE_MS)
    expect(counter(1)).toBeInTheDocument()
    expect(button(second)).toHaveFocus()

    // The keyboard user can still change their mind.
    await user.keyboard('{Tab}')
    expect(button(third)).toHaveFocus()
    await user.keyboard(' ')
    expect(button(third)).toHaveAttribute('aria-pressed', 'true')
    expect(button(second)).toHaveAttribute('aria-pressed', 'false')

    button('Далее').focus()
    await user.keyboard('{Enter}')
    expect(counter(2)).toBeInTheDocument()
    expect(heading(questionText(1))).toHaveFocus()
    expect(screen.getByRole('status')).toHaveTextContent('')
  })

  it("'Назад' keeps the earlier answers and cancels a pending auto-advance", async () => {
    const age = ageOption(0)
    const interest = optionText('interest', 'games')
    const { user } = renderQuiz()
    await user.click(button('Начать тест'))
    await user.click(button(age))
    wait(QUIZ_AUTO_ADVANCE_MS)
    await user.click(button(interest))
    await user.click(button('Назад'))

    expect(counter(1)).toBeInTheDocument()
    expect(heading(questionText(0))).toHaveFocus()
    expect(button(age)).toHaveAttribute('aria-pressed', 'true')
    wait(2 * QUIZ_AUTO_ADVANCE_MS)
    expect(counter(1)).toBeInTheDocument()

    await user.click(button('Далее'))
    expect(counter(2)).toBeInTheDocument()
    expect(button(interest)).toHaveAttribute('aria-pressed', 'true')
  })

  it('a second click within the wait restarts it and keeps the last answer', async () => {
    const [first, second] = [ageOption(1), ageOption(2)]
    const early = QUIZ_AUTO_ADVANCE_MS - 100
    const { user } = renderQuiz()
    await user.click(button('Начать тест'))
    await user.click(button(first))
    wait(early)
    await user.click(button(second))
    wait(early)
    expect(counter(1)).toBeInTheDocument()
    wait(QUIZ_AUTO_ADVANCE_MS - early)
    expect(counter(2)).toBeInTheDocument()
    await user.click(button('Назад'))
    expect(button(second)).toHaveAttribute('aria-pressed', 'true')
  })

  it('clears its timers when it goes away during computing', async () => {
    const answers = answerTexts({
      age: '11-13',
      interest: 'games',
      experience: 'none',
      goal: 'game',
      learning: 'play',
    })
    const { user, unmount } = renderQuiz()
    await user.click(button('Начать тест'))
    for (const answer of answers) {
      await user.click(button(answer))
      wait(QUIZ_AUTO_ADVANCE_MS)
    }
    expect(heading('Подбираем курс')).toBeInTheDocument()
    unmount()
    wait(2 * QUIZ_RESULT_DELAY_MS)
    expect(reachGoal).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(0)
  })
})
