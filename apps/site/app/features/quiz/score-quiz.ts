import { courses, type Course } from '~/content/courses'
import { QUIZ_COURSE_COUNT, quizQuestions, type QuizQuestion } from '~/content/quiz-questions'

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
 * Adds up the points of every chosen option: one total per course, in course id order.
 * Unknown questions or options are ignored; a missing number counts as 0.
 */
export function courseTotals(
  answers: QuizAnswers,
  questions: readonly QuizQuestion[] = quizQuestions,
): number[] {
  const totals = Array.from({ length: QUIZ_COURSE_COUNT }, () => 0)
  for (const question of questions) {
    const option = question.options.find((candidate) => candidate.id === answers[question.id])
    if (option) {
      for (let index = 0; index < totals.length; index++) {
        totals[index] = (totals[index] ?? 0) + (option.points[index] ?? 0)
      }
    }
  }
  return totals
}

/**
 * Scores the quiz (docs/behaviour.md, "Quiz scoring"). Each chosen option adds its points list
 * to the per-course totals; the course with the highest total wins; on a tie the first course (lowest id) wins;
 * if no course exists for the winning position, the first course is suggested.
 * Pure: the same arguments always give the same result.
 */
export function scoreQuiz(
  answers: QuizAnswers,
  questions: readonly QuizQuestion[] = quizQuestions,
  courseList: readonly ScoredCourse[] = courses,
): QuizResult {
  // Position i of a points list belongs to the i-th course in id order.
  const ordered = [...courseList].sort((a, b) => a.id - b.id)
  const first = ordered[0]
  if (!first) throw new Error('scoreQuiz: the course list is empty')

  const totals = courseTotals(answers, questions)
  let winner = -1
  let best = -Infinity
  totals.forEach((total, index) => {
    // Strictly greater: a later course with an equal total never replaces an earlier one.
    if (total > best) {
      best = total
      winner = index
    }
  })

  const course = ordered[winner] ?? first
  return { courseId: course.id, title: course.title, description: course.description }
}
