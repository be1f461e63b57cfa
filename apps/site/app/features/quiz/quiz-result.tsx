import { ArrowRight, Info, RotateCcw, Sparkles, TicketPercent } from 'lucide-react'
import type { Ref } from 'react'
import { buttonClass } from '#app/components/button-styles.ts'
import { CourseImage } from '#app/components/course-image.tsx'
import { findCourse } from '#app/content/courses.ts'
import { ContactLink } from '#app/components/contact-link.tsx'
import { paths } from '#app/config/paths.ts'
import { SampleBadge } from '#app/components/sample-badge.tsx'
import {
  QUIZ_PROMO,
  quizPromoTerms,
  quizPromoValidity,
  schoolDay,
  type QuizPromo,
} from '#app/content/quiz-promo.ts'
import type { QuizResult as QuizResultData } from './score-quiz'

type QuizResultProps = {
  result: QuizResultData
  headingRef: Ref<HTMLHeadingElement>
  onRestart: () => void
}

export function QuizResult({ result, headingRef, onRestart }: QuizResultProps) {
  const image = findCourse(result.courseId)?.image
  return (
    <div className="flex flex-col gap-6">
      <div className="grid items-start gap-6 sm:grid-cols-[1fr_13rem]">
        <div>
          <p className="flex items-center gap-2 font-bold text-accent-700">
            <Sparkles aria-hidden="true" className="size-5" />
            Результат теста
          </p>
          <h3
            ref={headingRef}
            tabIndex={-1}
            id="quiz-result-heading"
            className="mt-2 text-2xl font-extrabold text-brand-900 sm:text-3xl"
          >
            <span className="block text-lg font-bold text-slate-600">Рекомендуем курс</span>
            {result.title}
          </h3>
          <p className="mt-3 text-slate-700">{result.description}</p>
        </div>
        {image && (
          <div className="hidden sm:block">
            <CourseImage image={image} sizes="13rem" className="rounded-xl" />
          </div>
        )}
      </div>

      <p className="flex gap-3 rounded-xl bg-white p-4 text-sm text-slate-700">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <span>
          Результат теста носит рекомендательный характер: он учитывает только пять ответов.
          Окончательно выбрать курс поможет бесплатное пробное занятие.
        </span>
      </p>

      <QuizPromoCard promo={QUIZ_PROMO} givenOn={schoolDay()} />

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <ContactLink className={buttonClass('accent')}>
          Оставить заявку
          <ArrowRight aria-hidden="true" className="size-5" />
        </ContactLink>
        <a href={paths.course(result.courseId)} className={buttonClass('outline')}>
          Подробнее о курсе
        </a>
        <button
          type="button"
          onClick={onRestart}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 py-2.5 font-bold text-brand-700 transition-colors hover:bg-brand-100 sm:ml-auto"
        >
          <RotateCcw aria-hidden="true" className="size-5" />
          Пройти тест заново
        </button>
      </div>
    </div>
  )
}

/**
 * The owner's promo code with its terms and its last day, counted from the day it is shown
 * (docs/decisions/0089-every-promise-is-content.md); nothing without a code.
 */
export function QuizPromoCard({
  promo,
  givenOn,
}: {
  promo: QuizPromo | undefined
  /** The day the code is shown, YYYY-MM-DD in the school's city. */
  givenOn: string
}) {
  if (!promo) return null
  const terms = quizPromoTerms(promo)
  return (
    <div className="flex flex-col gap-4 rounded-2xl border-2 border-dashed border-accent-500 bg-white p-5 sm:flex-row sm:items-center">
      <div className="flex grow items-start gap-3">
        <TicketPercent aria-hidden="true" className="size-8 shrink-0 text-accent-700" />
        <div>
          <p className="font-bold text-slate-800">
            Ваш промокод на скидку {promo.percent}&nbsp;%
            <SampleBadge sample={promo.sample} />
          </p>
          {terms && <p className="text-sm text-slate-700">{terms}</p>}
          <p className="text-sm text-slate-700">{quizPromoValidity(promo, givenOn)}</p>
        </div>
      </div>
      <p className="self-start rounded-xl bg-orange-50 px-4 py-2 text-2xl font-extrabold tracking-wider text-slate-900 select-all sm:self-auto">
        {promo.code}
      </p>
    </div>
  )
}
