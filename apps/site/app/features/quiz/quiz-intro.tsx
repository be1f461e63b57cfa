import { ArrowRight, BadgePercent, Clock, ListChecks } from 'lucide-react'
import type { Ref } from 'react'
import { buttonClass } from '#app/components/button-styles.ts'
import { QUIZ_PROMO, type QuizPromo } from '#app/content/quiz-promo.ts'

type QuizIntroProps = {
  questionCount: number
  headingRef: Ref<HTMLHeadingElement>
  onStart: () => void
  /** The owner's promo code; null: the quiz promises none. */
  promo?: QuizPromo | null
}

export function QuizIntro({
  questionCount,
  headingRef,
  onStart,
  promo = QUIZ_PROMO ?? null,
}: QuizIntroProps) {
  const points = [
    { icon: ListChecks, text: `${questionCount} простых вопросов о возрасте, интересах и опыте` },
    { icon: Clock, text: 'Займёт пару минут' },
    ...(promo
      ? [{ icon: BadgePercent, text: `В конце — промокод на скидку ${promo.percent}\u00a0%` }]
      : []),
  ]

  return (
    <div className="flex flex-col items-start gap-6">
      <h3
        ref={headingRef}
        tabIndex={-1}
        id="quiz-intro-heading"
        className="text-2xl font-extrabold text-brand-900 sm:text-3xl"
      >
        Какой курс подойдёт вашему ребёнку?
      </h3>
      <p className="text-lg text-slate-700">
        Выберите подходящий ответ на каждый вопрос — тест сам перейдёт к следующему. В конце
        подскажем, с какого курса лучше начать.
      </p>
      <ul
        className={`grid w-full gap-3 ${points.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}
      >
        {points.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-3 rounded-xl bg-white p-4 text-slate-800">
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onStart}
        className={buttonClass('accent', 'lg', 'w-full sm:w-auto')}
      >
        Начать тест
        <ArrowRight aria-hidden="true" className="size-5" />
      </button>
    </div>
  )
}
