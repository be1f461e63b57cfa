import { describe, expect, it } from 'vitest'
import { quizQuestions } from '#app/content/quiz-questions.ts'
import {
  initialQuizState,
  quizReducer as reduce,
  type QuizAction,
  type QuizState,
} from './quiz-machine'

function run(actions: QuizAction[], from: QuizState = initialQuizState): QuizState {
  return actions.reduce(reduce, from)
}

const pick = (optionId: string): QuizAction => ({ type: 'choose', optionId, input: 'pointer' })
const press = (optionId: string): QuizAction => ({ type: 'choose', optionId, input: 'keyboard' })

describe('quiz flow', () => {
  it('starts at the intro and goes to the first question', () => {
    expect(initialQuizState).toEqual({ step: 'intro' })
    expect(run([{ type: 'start' }])).toEqual({
      step: 'question',
      index: 0,
      answers: {},
      autoAdvance: false,
      chosenWith: null,
    })
  })

  it('stores a pointer choice and asks for the auto-advance', () => {
    const state = run([{ type: 'start' }, pick('7-10')])
    expect(state).toMatchObject({
      index: 0,
      answers: { age: '7-10' },
      autoAdvance: true,
      chosenWith: 'pointer',
    })
  })

  it('stores a keyboard choice without auto-advance', () => {
    const state = run([{ type: 'start' }, press('7-10')])
    expect(state).toMatchObject({
      index: 0,
      answers: { age: '7-10' },
      autoAdvance: false,
      chosenWith: 'keyboard',
    })
  })

  it('replaces the answer of a single-choice question', () => {
    const state = run([{ type: 'start' }, pick('7-10'), pick('14-17')])
    expect(state).toMatchObject({ answers: { age: '14-17' } })
  })

  it('ignores an option of another question', () => {
    const started = run([{ type: 'start' }])
    expect(reduce(started, pick('games'))).toBe(started)
  })

  it("does not move on without an answer ('Далее' is disabled)", () => {
    const started = run([{ type: 'start' }])
    expect(reduce(started, { type: 'next' })).toBe(started)
  })

  it("'Назад' does nothing on the first question and keeps earlier answers", () => {
    const first = run([{ type: 'start' }, pick('11-13')])
    expect(reduce(first, { type: 'back' })).toBe(first)

    const second = run([{ type: 'next' }, pick('games')], first)
    expect(second).toMatchObject({ index: 1 })
    const back = reduce(second, { type: 'back' })
    expect(back).toMatchObject({
      index: 0,
      answers: { age: '11-13', interest: 'games' },
      autoAdvance: false,
      chosenWith: null,
    })
    expect(reduce(back, { type: 'next' })).toMatchObject({ index: 1, autoAdvance: false })
  })

  it('goes through computing to the result and back to the intro', () => {
    const answered = run([
      { type: 'start' },
      pick('14-17'),
      { type: 'next' },
      pick('logic'),
      { type: 'next' },
      pick('code'),
      { type: 'next' },
      pick('app'),
      { type: 'next' },
      pick('deep'),
    ])
    expect(answered).toMatchObject({ step: 'question', index: quizQuestions.length - 1 })

    const computing = reduce(answered, { type: 'next' })
    expect(computing.step).toBe('computing')
    // Late timers of the question screens change nothing any more.
    expect(reduce(computing, { type: 'next' })).toBe(computing)
    expect(reduce(computing, pick('deep'))).toBe(computing)

    const result = reduce(computing, { type: 'finish' })
    expect(result).toMatchObject({ step: 'result', result: { courseId: 4 } })
    expect(reduce(result, { type: 'finish' })).toBe(result)

    expect(reduce(result, { type: 'restart' })).toEqual(initialQuizState)
  })

  it("ignores 'finish' before computing and 'start' after it", () => {
    const started = run([{ type: 'start' }])
    expect(reduce(started, { type: 'finish' })).toBe(started)
    expect(reduce(started, { type: 'start' })).toBe(started)
  })
})
