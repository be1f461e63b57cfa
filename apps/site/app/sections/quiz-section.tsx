import { SectionHeading } from '#app/components/section-heading.tsx'
import { anchors } from '#app/config/paths.ts'
import { HOME_TEXTS } from '#app/content/home-texts.ts'
import { Quiz } from '#app/features/quiz/quiz.tsx'
import { Island } from '#app/islands/island.tsx'

/** The course quiz on the home page (anchor `quiz`), between the courses and the closing section. */
export function QuizSection() {
  return (
    <section id={anchors.quiz} aria-labelledby="quiz-heading" className="px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="quiz-heading" align="center" {...HOME_TEXTS.quiz} />
        <div className="mt-10">
          {/* Below the fold: its code loads as it nears the viewport; a tap that comes earlier is
              held and replayed once it is hydrated (islands/load-islands.ts). */}
          <Island name="quiz" component={Quiz} props={{}} when="visible" />
        </div>
      </div>
    </section>
  )
}
