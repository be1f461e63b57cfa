import { ArrowLeft, ArrowRight } from 'lucide-react'
import type { Ref } from 'react'
import { buttonClass } from '#app/components/button-styles.ts'
import type { QuizQuestion } from '#app/content/quiz-questions.ts'
import { QuizOptionButton } from './quiz-option-button'
import type { ChoiceInput } from './quiz-machine'
import { QuizProgress } from './quiz-progress'

type QuizQuestionStepProps = {
  question: QuizQuestion
  index: number
  total: number
  /** The id of the chosen option, if any. */
  chosen: string | undefined
  chosenWith: ChoiceInput | null
  headingRef: Ref<HTMLHeadingElement>
  onChoose: (optionId: string, input: ChoiceInput) => void
  onBack: () => void
  onNext: () => void
}

export function QuizQuestionStep({
  question,
  index,
  total,
  chosen,
  chosenWith,
  headingRef,
  onChoose,
  onBack,
  onNext,
}: QuizQuestionStepProps) {
  const isLast = index === total - 1
  const nextLabel = isLast ? 'Узнать результат' : 'Далее'
  const chosenText = question.options.find((option) => option.id === chosen)?.text
  const headingId = `quiz-question-${question.id}`

  // Said by screen readers and shown after a keyboard choice, when the quiz waits for 'Далее'.
  const hint =
    chosenWith === 'keyboard' && chosenText !== undefined
      ? `Выбран ответ «${chosenText}». Чтобы продолжить, нажмите «${nextLabel}».`
      : ''

  return (
    <div>
      <QuizProgress current={index + 1} total={total} />

      <h3
        ref={headingRef}
        tabIndex={-1}
        id={headingId}
        className="mt-6 text-xl font-extrabold text-brand-900 sm:text-2xl"
      >
        {question.question}
      </h3>

      <div role="group" aria-labelledby={headingId} className="mt-6 grid gap-3 sm:grid-cols-2">
        {question.options.map((option) => (
          <QuizOptionButton
            key={option.id}
            text={option.text}
            selected={option.id === chosen}
            onChoose={(input) => onChoose(option.id, input)}
          />
        ))}
      </div>

      <p role="status" className="mt-4 min-h-6 text-sm font-bold text-brand-700">
        {hint}
      </p>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          onClick={onBack}
          disabled={index === 0}
          className="inline-flex min-h-11 items-center gap-2 rounded-xl px-4 py-2.5 font-bold text-brand-700 transition-colors hover:bg-brand-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          Назад
        </button>
        <button
          type="button"
          onClick={onNext}
          disabled={chosen === undefined}
          className={buttonClass('primary')}
        >
          {nextLabel}
          <ArrowRight aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>
  )
}
