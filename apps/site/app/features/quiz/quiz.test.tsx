import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reachGoal } from '#app/lib/analytics.ts'
import { Quiz } from './quiz'

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
const counter = (n: number) => screen.getByText(`${n} / 5`)

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

  it('goes through the five questions with the mouse, then computing, then the result', async () => {
    const { user } = renderQuiz()
    await user.click(button('Начать тест'))

    expect(heading('Сколько лет ребёнку?')).toHaveFocus()
    expect(counter(1)).toBeInTheDocument()
    const progress = screen.getByRole('progressbar')
    expect(progress).toHaveAttribute('aria-valuenow', '1')
    expect(progress).toHaveAttribute('aria-valuemax', '5')
    expect(button('Назад')).toBeDisabled()
    expect(button('Далее')).toBeDisabled()

    await user.click(button('14–17 лет'))
    expect(button('14–17 лет')).toHaveAttribute('aria-pressed', 'true')
    expect(button('11–13 лет')).toHaveAttribute('aria-pressed', 'false')
    expect(button('Далее')).toBeEnabled()
    wait(299)
    expect(counter(1)).toBeInTheDocument()
    wait(1)
    expect(counter(2)).toBeInTheDocument()
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2')
    expect(heading('Чем ребёнок любит заниматься больше всего?')).toHaveFocus()
    expect(button('Назад')).toBeEnabled()
    expect(button('Далее')).toBeDisabled()

    await user.click(button('Решать головоломки и узнавать, как всё устроено'))
    wait(300)
    expect(counter(3)).toBeInTheDocument()
    await user.click(button('Да, уже пишет код на языке программирования'))
    wait(300)
    await user.click(button('Приложение для телефона или чат-бота'))
    wait(300)

    expect(counter(5)).toBeInTheDocument()
    expect(heading('Как ребёнку легче всего учиться?')).toHaveFocus()
    expect(button('Узнать результат')).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Далее' })).not.toBeInTheDocument()

    await user.click(button(/Не торопясь/))
    wait(300)
    expect(heading('Подбираем курс')).toHaveFocus()
    wait(1499)
    expect(reachGoal).not.toHaveBeenCalled()
    expect(heading('Подбираем курс')).toBeInTheDocument()
    wait(1)

    const result = heading(/Программирование на Python/)
    expect(result).toHaveFocus()
    expect(reachGoal).toHaveBeenCalledTimes(1)
    expect(reachGoal).toHaveBeenCalledWith('testIsPassed')
    expect(screen.getByText('ТЕСТ-10')).toBeInTheDocument()
    expect(screen.getByText(/скидку 10 %/)).toBeInTheDocument()
    expect(screen.getByText(/Действует 30 дней/)).toBeInTheDocument()
    expect(screen.getByText(/носит рекомендательный характер/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Подробнее о курсе' })).toHaveAttribute(
      'href',
      '/course/4',
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
    expect(button('14–17 лет')).toHaveAttribute('aria-pressed', 'false')
    expect(button('Далее')).toBeDisabled()
  })

  it('waits for «Далее» after a keyboard choice and keeps the focus on the answer', async () => {
    const { user } = renderQuiz()
    await user.click(button('Начать тест'))

    button('7–10 лет').focus()
    await user.keyboard('{Enter}')
    expect(button('7–10 лет')).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('status')).toHaveTextContent(
      'Выбран ответ «7–10 лет». Чтобы продолжить, нажмите «Далее».',
    )
    wait(5000)
    expect(counter(1)).toBeInTheDocument()
    expect(button('7–10 лет')).toHaveFocus()

    // The keyboard user can still change their mind.
    await user.keyboard('{Tab}')
    expect(button('11–13 лет')).toHaveFocus()
    await user.keyboard(' ')
    expect(button('11–13 лет')).toHaveAttribute('aria-pressed', 'true')
    expect(button('7–10 лет')).toHaveAttribute('aria-pressed', 'false')

    button('Далее').focus()
    await user.keyboard('{Enter}')
    expect(counter(2)).toBeInTheDocument()
    expect(heading('Чем ребёнок любит заниматься больше всего?')).toHaveFocus()
    expect(screen.getByRole('status')).toHaveTextContent('')
  })

  it("'Назад' keeps the earlier answers and cancels a pending auto-advance", async () => {
    const { user } = renderQuiz()
    await user.click(button('Начать тест'))
    await user.click(button('Меньше 7 лет'))
    wait(300)
    await user.click(button('Играть в компьютерные игры'))
    await user.click(button('Назад'))

    expect(counter(1)).toBeInTheDocument()
    expect(heading('Сколько лет ребёнку?')).toHaveFocus()
    expect(button('Меньше 7 лет')).toHaveAttribute('aria-pressed', 'true')
    wait(1000)
    expect(counter(1)).toBeInTheDocument()

    await user.click(button('Далее'))
    expect(counter(2)).toBeInTheDocument()
    expect(button('Играть в компьютерные игры')).toHaveAttribute('aria-pressed', 'true')
  })

  it('a second click within 300 ms restarts the wait and keeps the last answer', async () => {
    const { user } = renderQuiz()
    await user.click(button('Начать тест'))
    await user.click(button('7–10 лет'))
    wait(200)
    await user.click(button('11–13 лет'))
    wait(200)
    expect(counter(1)).toBeInTheDocument()
    wait(100)
    expect(counter(2)).toBeInTheDocument()
    await user.click(button('Назад'))
    expect(button('11–13 лет')).toHaveAttribute('aria-pressed', 'true')
  })

  it('clears its timers when it goes away during computing', async () => {
    const { user, unmount } = renderQuiz()
    await user.click(button('Начать тест'))
    for (const answer of ['11–13 лет', 'Играть в компьютерные игры', /Нет, это будет/, /3D-игру/]) {
      await user.click(button(answer))
      wait(300)
    }
    await user.click(button('В игре, с яркими картинками'))
    wait(300)
    expect(heading('Подбираем курс')).toBeInTheDocument()
    unmount()
    wait(5000)
    expect(reachGoal).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(0)
  })
})
