import { describe, expect, it } from 'vitest'
import { courses } from '#app/content/courses.ts'
import {
  AGE_GROUPS,
  ageGroupCourseIds,
  quizQuestions,
  type QuizPoints,
  type QuizQuestion,
} from '#app/content/quiz-questions.ts'
import { courseTotals, scoreQuiz, type QuizAnswers } from './score-quiz'

const [ageQuestion, ...otherQuestions] = quizQuestions as [QuizQuestion, ...QuizQuestion[]]

/** Every way to answer the four questions after the age one. */
function allOtherAnswers(): QuizAnswers[] {
  let combos: Record<string, string>[] = [{}]
  for (const question of otherQuestions) {
    combos = combos.flatMap((answers) =>
      question.options.map((option) => ({ ...answers, [question.id]: option.id })),
    )
  }
  return combos
}

function suggest(
  age: string,
  interest: string,
  experience: string,
  goal: string,
  learning: string,
) {
  return scoreQuiz({ age, interest, experience, goal, learning }).courseId
}

/** A three-course list and a question set of the real shape, small enough to reason about. */
const threeCourses = [
  { id: 1, title: 'Первый', description: 'Курс 1' },
  { id: 2, title: 'Второй', description: 'Курс 2' },
  { id: 3, title: 'Третий', description: 'Курс 3' },
]

function question(id: string, options: Record<string, QuizPoints>): QuizQuestion {
  return {
    id,
    question: id,
    options: Object.entries(options).map(([optionId, points]) => ({
      id: optionId,
      text: optionId,
      points,
    })),
  }
}

describe('scoreQuiz', () => {
  it.each(AGE_GROUPS.map((group) => [group.id, ageGroupCourseIds(group)] as const))(
    'age %s always leads to one of its courses, whatever the other answers',
    (ageOption, groupCourses) => {
      const combos = allOtherAnswers()
      expect(combos).toHaveLength(4 * 3 * 5 * 4)
      const suggested = new Set<number>()
      for (const answers of combos) {
        const { courseId } = scoreQuiz({ ...answers, [ageQuestion.id]: ageOption })
        expect(groupCourses).toContain(courseId)
        suggested.add(courseId)
      }
      // Each course of the group that the other answers name is the answer for some parent (a
      // course added in the editor has no points there until a developer gives it some).
      const named = groupCourses.filter((id) =>
        otherQuestions.some((question) =>
          question.options.some((option) => (option.points[id] ?? 0) > 0),
        ),
      )
      expect(named.length).toBeGreaterThan(0)
      expect([...suggested].sort((a, b) => a - b)).toEqual(named.sort((a, b) => a - b))
    },
  )

  it('suggests sensible courses for typical answers', () => {
    expect(suggest('under-7', 'games', 'code', 'app', 'deep')).toBe(2)
    expect(suggest('7-10', 'drawing', 'none', 'cartoon', 'play')).toBe(5)
    expect(suggest('7-10', 'games', 'blocks', 'game', 'result')).toBe(6)
    expect(suggest('7-10', 'games', 'none', 'game', 'play')).toBe(9)
    expect(suggest('11-13', 'games', 'code', 'game', 'result')).toBe(1)
    expect(suggest('11-13', 'games', 'none', 'game', 'play')).toBe(3)
    expect(suggest('11-13', 'gadgets', 'blocks', 'app', 'result')).toBe(8)
    expect(suggest('11-13', 'logic', 'blocks', 'ai', 'short')).toBe(10)
    expect(suggest('14-17', 'logic', 'code', 'app', 'deep')).toBe(4)
    expect(suggest('14-17', 'drawing', 'none', 'website', 'result')).toBe(7)
  })

  it('returns the course id, title and description of the winner', () => {
    const result = scoreQuiz({ age: '14-17', goal: 'website' })
    const site = courses.find((course) => course.id === 7)
    expect(result).toEqual({ courseId: 7, title: site?.title, description: site?.description })
  })

  it('adds up the points of every chosen option', () => {
    const totals = courseTotals({ age: '7-10', interest: 'games', goal: 'game' })
    // 7–10 gives 100 to 5, 6 and 9; «games» 1 to 1, 3, 6 and 9; «game» 1 to 1, 3 and 9.
    expect(Object.fromEntries(totals)).toMatchObject({ 1: 2, 2: 0, 3: 2, 5: 100, 6: 101, 9: 102 })
    expect([...totals.keys()]).toEqual(courses.map((course) => course.id))
  })

  it('lets the first course win a tie', () => {
    const questions = [question('q', { a: { 2: 3, 3: 3 }, b: { 1: 5, 3: 5 } })]
    expect(scoreQuiz({ q: 'a' }, questions, threeCourses).courseId).toBe(2)
    expect(scoreQuiz({ q: 'b' }, questions, threeCourses).courseId).toBe(1)
    // On the real questions: 14–17 with no other answers is a tie between Python and websites.
    expect(scoreQuiz({ age: '14-17' }).courseId).toBe(4)
  })

  it('breaks ties by id, whatever order the list is in', () => {
    const questions = [question('q', { a: { 2: 1, 3: 1 } })]
    const shuffled = [...threeCourses].reverse()
    expect(scoreQuiz({ q: 'a' }, questions, shuffled).courseId).toBe(2)
  })

  it('falls back to the first course when nothing is chosen', () => {
    expect(scoreQuiz({})).toMatchObject({ courseId: 1, title: courses[0]?.title })
  })

  it('ignores points for ids that are not courses', () => {
    const questions = [question('q', { a: { 2: 1, 5: 7 } })]
    expect(scoreQuiz({ q: 'a' }, questions, threeCourses).courseId).toBe(2)
  })

  it('ignores unknown questions and options', () => {
    expect(scoreQuiz({ nope: 'x', age: 'nope' }).courseId).toBe(1)
    expect(scoreQuiz({ age: '11-13', interest: 'nope' }).courseId).toBe(1)
  })

  it('is pure: the same answers give the same result and are not changed', () => {
    const answers = Object.freeze({ age: '7-10', interest: 'drawing' })
    expect(scoreQuiz(answers)).toEqual(scoreQuiz(answers))
  })
})
