import { useEffect, useReducer, useRef } from 'react'
import { quizQuestions } from '#app/content/quiz-questions.ts'
import {
  rememberQuizPromo,
  rememberQuizSuggestion,
} from '#app/components/lead-form/lead-context.ts'
import { QUIZ_PROMO } from '#app/content/quiz-promo.ts'
import { reachGoal } from '#app/lib/analytics.ts'
import { QuizComputing } from './quiz-computing'
import { QuizIntro } from './quiz-intro'
import {
  initialQuizState,
  QUIZ_AUTO_ADVANCE_MS,
  QUIZ_RESULT_DELAY_MS,
  quizReducer,
  type QuizState,
} from './quiz-machine'
import { QuizQuestionStep } from './quiz-question-step'
import { QuizResult } from './quiz-result'

/** Identifies the screen on display; focus moves when it changes. */
function screenKey(state: QuizState): string {
  return state.step === 'question' ? `question-${state.index}` : state.step
}

/**
 * The course quiz (docs/behaviour.md, "Quiz"). The first render is always the intro, the same on
 * the server and in the browser, so the prerendered island hydrates without a mismatch.
 *
 * Keyboard users. Picking an answer with the mouse or a finger moves on after 300 ms. Picking
 * it with Enter or Space does not: the answer is stored and announced (the button becomes
 * pressed and a status line says which answer was chosen and that «Далее» continues), and
 * focus stays on the chosen button until the user presses «Далее» / «Узнать результат» themself.
 * So a keyboard or screen-reader user always sees and hears their choice, can still change it,
 * and is never moved to another question without asking. Whenever the screen does change
 * (next or previous question, computing, result, intro again), focus goes to the new screen's
 * heading (tabIndex -1), so nobody is left on an element that has just disappeared.
 * See docs/decisions/0005-keyboard-quiz.md.
 */
export function Quiz() {
  const [state, dispatch] = useReducer(quizReducer, initialQuizState)
  const headingRef = useRef<HTMLHeadingElement>(null)

  // Focus follows the screen, but not on the first render: the page must not jump to the quiz.
  const key = screenKey(state)
  const focusedKey = useRef(key)
  useEffect(() => {
    if (focusedKey.current === key) return
    focusedKey.current = key
    headingRef.current?.focus()
  }, [key])

  // Auto-advance after a pointer choice. A new choice, 'Назад', 'Далее', a restart or unmounting
  // replaces the state or the component, and the cleanup cancels the pending timer.
  useEffect(() => {
    if (state.step !== 'question' || !state.autoAdvance) return
    const timer = window.setTimeout(() => dispatch({ type: 'next' }), QUIZ_AUTO_ADVANCE_MS)
    return () => window.clearTimeout(timer)
  }, [state])

  // The computing screen shows for 1.5 s, then the result; the goal is sent as it appears.
  const computing = state.step === 'computing'
  useEffect(() => {
    if (!computing) return
    const timer = window.setTimeout(() => {
      dispatch({ type: 'finish' })
      reachGoal('testIsPassed')
    }, QUIZ_RESULT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [computing])

  // The suggestion goes with a lead sent later in this visit (docs/behaviour.md, "Lead context");
  // the promo code the result shows, with the day it was given, with a lead sent within its term.
  const suggested = state.step === 'result' ? state.result.courseId : undefined
  useEffect(() => {
    if (suggested === undefined) return
    rememberQuizSuggestion(suggested)
    // The owner's code (content/promises.json), when she gives one.
    if (QUIZ_PROMO) rememberQuizPromo(QUIZ_PROMO.code, QUIZ_PROMO.validDays)
  }, [suggested])

  let screen
  switch (state.step) {
    case 'intro':
      screen = (
        <QuizIntro
          questionCount={quizQuestions.length}
          headingRef={headingRef}
          onStart={() => dispatch({ type: 'start' })}
        />
      )
      break
    case 'question': {
      const question = quizQuestions[state.index]
      if (!question) return null
      screen = (
        <QuizQuestionStep
          key={question.id}
          question={question}
          index={state.index}
          total={quizQuestions.length}
          chosen={state.answers[question.id]}
          chosenWith={state.chosenWith}
          headingRef={headingRef}
          onChoose={(optionId, input) => dispatch({ type: 'choose', optionId, input })}
          onBack={() => dispatch({ type: 'back' })}
          onNext={() => dispatch({ type: 'next' })}
        />
      )
      break
    }
    case 'computing':
      screen = <QuizComputing headingRef={headingRef} />
      break
    case 'result':
      screen = (
        <QuizResult
          result={state.result}
          headingRef={headingRef}
          onRestart={() => dispatch({ type: 'restart' })}
        />
      )
      break
  }

  return (
    <div className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100 sm:p-8 lg:p-10">{screen}</div>
  )
}
