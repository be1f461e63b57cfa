import { lazy, Suspense } from 'react'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { anchors } from '#app/config/paths.ts'
import { HOME_TEXTS } from '#app/content/home-texts.ts'

// Below the fold: the prerendered quiz shows at once and its code hydrates it after the first
// load, so it does not weigh on the first load. A tap that comes earlier is held and replayed once
// the quiz is hydrated (lib/early-taps.ts).
const Quiz = lazy(() =>
  import('#app/features/quiz/quiz.tsx').then((module) => ({ default: module.Quiz })),
)

/** The course quiz on the home page (anchor `quiz`), between the courses and the closing section. */
export function QuizSection() {
  return (
    <section id={anchors.quiz} aria-labelledby="quiz-heading" className="px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="quiz-heading" align="center" {...HOME_TEXTS.quiz} />
        <div className="mt-10">
          <Suspense fallback={<div className="min-h-96" />}>
            <Quiz />
          </Suspense>
        </div>
      </div>
    </section>
  )
}
