import { courses, type Course } from '#app/content/courses.ts'
import { quizQuestions, type QuizQuestion } from '#app/content/quiz-questions.ts'

/** The chosen option id, per question id. */
export type QuizAnswers = Readonly<Record<string, string>>

/** The suggested course. */
export type QuizResult = {
  courseId: number
  title: string
  description: string
}

export type ScoredCourse = Pick<Course, 'id' | 'title' | 'description'>

/**
 * Adds up the points of every chosen option: one total per course id of `courseList`.
 * Unknown questions or options, and points for ids that are not courses, are ignored.
 */
export function courseTotals(
  answers: QuizAnswers,
  questions: readonly QuizQuestion[] = quizQuestions,
  courseList: readonly ScoredCourse[] = courses,
): Map<number, number> {
  const totals = new Map(courseList.map((course) => [course.id, 0]))
  for (const question of questions) {
    const option = question.options.find((candidate) => candidate.id === answers[question.id])
    if (!option) continue
    for (const [id, total] of totals) totals.set(id, total + (option.points[id] ?? 0))
  }
  return totals
}

/**
 * Scores the quiz (docs/behaviour.md, "Quiz scoring"): each chosen option adds its points to the
 * per-course totals and the course with the highest total wins; on a tie, and when nothing was
 * chosen, the course with the lowest id. Pure: the same arguments always give the same result.
 */
export function scoreQuiz(
  answers: QuizAnswers,
  questions: readonly QuizQuestion[] = quizQuestions,
  courseList: readonly ScoredCourse[] = courses,
): QuizResult {
  const totals = courseTotals(answers, questions, courseList)
  let winner: ScoredCourse | undefined
  for (const course of [...courseList].sort((a, b) => a.id - b.id)) {
    // Strictly greater: a later course with an equal total never replaces an earlier one.
    if (!winner || (totals.get(course.id) ?? 0) > (totals.get(winner.id) ?? 0)) winner = course
  }
  if (!winner) throw new Error('scoreQuiz: the course list is empty')
  return { courseId: winner.id, title: winner.title, description: winner.description }
}
