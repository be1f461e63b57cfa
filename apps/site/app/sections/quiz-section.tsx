import { SectionHeading } from '~/components/section-heading'
import { Quiz } from '~/features/quiz/quiz'
import { anchors } from '~/lib/paths'

/** The course quiz on the home page (anchor `quiz`), between the courses and the closing section. */
export function QuizSection() {
  return (
    <section id={anchors.quiz} aria-labelledby="quiz-heading" className="px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-3xl">
        <SectionHeading
          id="quiz-heading"
          align="center"
          eyebrow="Тест для родителей"
          title="Не знаете, какой курс выбрать?"
          lead="Пять вопросов о ребёнке — и мы подскажем, с какого курса лучше начать."
        />
        <div className="mt-10">
          <Quiz />
        </div>
      </div>
    </section>
  )
}
