import { Quiz } from '~/features/quiz/quiz'
import { anchors } from '~/lib/paths'

/** The course quiz on the home page (anchor `quiz`), between the courses and the closing section. */
export function QuizSection() {
  return (
    <section
      id={anchors.quiz}
      aria-labelledby="quiz-section-heading"
      className="bg-brand-50 px-4 py-16 sm:py-20"
    >
      <div className="mx-auto max-w-3xl">
        <div className="text-center">
          <h2
            id="quiz-section-heading"
            className="text-3xl font-extrabold text-brand-900 sm:text-4xl"
          >
            Не знаете, какой курс выбрать?
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Пройдите короткий тест: пять вопросов о ребёнке — и мы подскажем, с чего начать.
          </p>
        </div>
        <div className="mt-10">
          <Quiz />
        </div>
      </div>
    </section>
  )
}
