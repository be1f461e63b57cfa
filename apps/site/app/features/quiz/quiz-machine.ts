import { quizQuestions } from '#app/content/quiz-questions.ts'
import { scoreQuiz, type QuizAnswers, type QuizResult } from './score-quiz'

/** docs/behaviour.md, "Quiz". */
export const QUIZ_AUTO_ADVANCE_MS = 300
export const QUIZ_RESULT_DELAY_MS = 1500
// The promo code the result gives is the owner's, with its terms: content/quiz-promo.ts.

/** How the last answer on the current question was picked. */
export type ChoiceInput = 'pointer' | 'keyboard'

/**
 * The quiz flow (docs/behaviour.md, "Quiz"): intro → questions 1…n → computing → result.
 * `autoAdvance` is set when an answer was picked with a pointer: the component then
 * moves on after QUIZ_AUTO_ADVANCE_MS. An answer picked with the keyboard leaves it unset (see
 * quiz.tsx for why); `chosenWith` tells the screen to show the 'press Далее' hint.
 */
export type QuizState =
  | { step: 'intro' }
  | {
      step: 'question'
      index: number
      answers: QuizAnswers
      autoAdvance: boolean
      chosenWith: ChoiceInput | null
    }
  | { step: 'computing'; answers: QuizAnswers }
  | { step: 'result'; answers: QuizAnswers; result: QuizResult }

export type QuizAction =
  | { type: 'start' }
  | { type: 'choose'; optionId: string; input: ChoiceInput }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'finish' }
  | { type: 'restart' }

export const initialQuizState: QuizState = { step: 'intro' }

const lastIndex = quizQuestions.length - 1

export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  switch (action.type) {
    case 'start':
      return state.step === 'intro'
        ? { step: 'question', index: 0, answers: {}, autoAdvance: false, chosenWith: null }
        : state

    case 'choose': {
      if (state.step !== 'question') return state
      const question = quizQuestions[state.index]
      if (!question?.options.some((option) => option.id === action.optionId)) return state
      return {
        ...state,
        answers: { ...state.answers, [question.id]: action.optionId },
        autoAdvance: action.input === 'pointer',
        chosenWith: action.input,
      }
    }

    case 'next': {
      if (state.step !== 'question') return state
      const question = quizQuestions[state.index]
      // 'Далее' / 'Узнать результат' need an answer.
      if (!question || state.answers[question.id] === undefined) return state
      if (state.index >= lastIndex) return { step: 'computing', answers: state.answers }
      return { ...state, index: state.index + 1, autoAdvance: false, chosenWith: null }
    }

    case 'back':
      // Earlier answers are kept, so going back shows the choice already made.
      if (state.step !== 'question' || state.index === 0) return state
      return { ...state, index: state.index - 1, autoAdvance: false, chosenWith: null }

    case 'finish':
      if (state.step !== 'computing') return state
      return {
        step: 'result',
        answers: state.answers,
        result: scoreQuiz(state.answers),
      }

    case 'restart':
      return initialQuizState
  }
}
