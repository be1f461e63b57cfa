import { anchors } from '~/lib/paths'

/** The course quiz on the home page (anchor `quiz`). */
export function QuizSection() {
  return <section id={anchors.quiz} aria-label="Тест: какой курс подойдёт ребёнку" />
}
