import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { readCourses } from '@it-lab/shared/content'
import { describe, expect, it } from 'vitest'
import { courses } from '#app/content/courses.ts'
import {
  AGE_GROUPS,
  ageGroupCourseIds,
  buildQuizQuestions,
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
      expect(combos).toHaveLength(
        otherQuestions.reduce((count, question) => count * question.options.length, 1),
      )
      const suggested = new Set<number>()
      for (const answers of combos) {
        const { courseId } = scoreQuiz({ ...answers, [ageQuestion.id]: ageOption })
        expect(groupCourses).toContain(courseId)
        suggested.add(courseId)
      }
      // Each course of the group that the other answers name is the answer for some parent (a
      // course whose file ticks no answer only wins its group's ties).
      const named = groupCourses.filter((id) =>
        otherQuestions.some((question) =>
          question.options.some((option) => (option.points[id] ?? 0) > 0),
        ),
      )
      expect(named.length).toBeGreaterThan(0)
      expect([...suggested].sort((a, b) => a - b)).toEqual(named.sort((a, b) => a - b))
    },
  )

  it('returns the course id, title and description of the winner', () => {
    const questions = [question('q', { a: { 3: 1 } })]
    expect(scoreQuiz({ q: 'a' }, questions, threeCourses)).toEqual({
      courseId: 3,
      title: 'Третий',
      description: 'Курс 3',
    })
  })

  it('adds up the points of every chosen option', () => {
    const questions = [
      question('q1', { a: { 1: 100, 2: 100 }, b: { 3: 100 } }),
      question('q2', { a: { 2: 1, 3: 1 }, b: { 1: 1 } }),
      question('q3', { a: { 2: 1 } }),
    ]
    const totals = courseTotals({ q1: 'a', q2: 'a', q3: 'a' }, questions, threeCourses)
    expect(Object.fromEntries(totals)).toEqual({ 1: 100, 2: 102, 3: 1 })
    // One total per course of the real list, in its order.
    expect([...courseTotals({}).keys()]).toEqual(courses.map((course) => course.id))
  })

  it('lets the first course win a tie', () => {
    const questions = [question('q', { a: { 2: 3, 3: 3 }, b: { 1: 5, 3: 5 } })]
    expect(scoreQuiz({ q: 'a' }, questions, threeCourses).courseId).toBe(2)
    expect(scoreQuiz({ q: 'b' }, questions, threeCourses).courseId).toBe(1)
  })

  it.each(AGE_GROUPS.map((group) => [group.id, ageGroupCourseIds(group)] as const))(
    'an age answer alone (%s) ties its courses, and the first of them wins',
    (ageOption, groupCourses) => {
      expect(scoreQuiz({ [ageQuestion.id]: ageOption }).courseId).toBe(Math.min(...groupCourses))
    },
  )

  it('breaks ties by id, whatever order the list is in', () => {
    const questions = [question('q', { a: { 2: 1, 3: 1 } })]
    const shuffled = [...threeCourses].reverse()
    expect(scoreQuiz({ q: 'a' }, questions, shuffled).courseId).toBe(2)
  })

  it('falls back to the first course when nothing is chosen', () => {
    expect(scoreQuiz({}, [], threeCourses)).toMatchObject({ courseId: 1, title: 'Первый' })
    expect(scoreQuiz({}, [], [...threeCourses].reverse()).courseId).toBe(1)
  })

  it('ignores points for ids that are not courses', () => {
    const questions = [question('q', { a: { 2: 1, 5: 7 } })]
    expect(scoreQuiz({ q: 'a' }, questions, threeCourses).courseId).toBe(2)
  })

  it('ignores unknown questions and options', () => {
    const questions = [question('q', { a: { 3: 1 } }), question('r', { a: { 2: 1 } })]
    expect(scoreQuiz({ nope: 'x', q: 'nope' }, questions, threeCourses).courseId).toBe(1)
    expect(scoreQuiz({ q: 'a', r: 'nope' }, questions, threeCourses).courseId).toBe(3)
  })

  it('is pure: the same answers give the same result and are not changed', () => {
    const answers = Object.freeze({ age: '7-10', interest: 'drawing' })
    expect(scoreQuiz(answers)).toEqual(scoreQuiz(answers))
  })
})

describe('a course added as a file', () => {
  /** The shipped content plus a new course 12 for 14–17 (11 left free) and course 7 hidden. */
  function editedCourses() {
    const root = mkdtempSync(path.join(tmpdir(), 'quiz-content-'))
    try {
      const dir = path.join(root, 'content')
      cpSync(path.join(import.meta.dirname, '../../../../../content'), dir, { recursive: true })
      const seven = path.join(dir, 'courses', '7.json')
      const hidden = JSON.parse(readFileSync(seven, 'utf8')) as Record<string, unknown>
      writeFileSync(seven, JSON.stringify({ ...hidden, hidden: true }))
      const added = {
        ...hidden,
        id: 12,
        title: 'Новый курс',
        ageMin: 14,
        ageMax: 17,
        quiz: { interest: ['gadgets'], experience: ['none'], goal: ['ai'], learning: ['short'] },
      }
      writeFileSync(path.join(dir, 'courses', '12.json'), JSON.stringify(added))
      return readCourses(dir).filter((course) => !course.hidden)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  }

  it('is suggested for the answers its file ticks; a hidden course never is', () => {
    const shown = editedCourses()
    const questions = buildQuizQuestions(shown)
    const answers = {
      age: '14-17',
      interest: 'gadgets',
      experience: 'none',
      goal: 'ai',
      learning: 'short',
    }
    expect(scoreQuiz(answers, questions, shown)).toMatchObject({
      courseId: 12,
      title: 'Новый курс',
    })

    const suggested = new Set<number>()
    for (const group of AGE_GROUPS) {
      for (const other of allOtherAnswers()) {
        suggested.add(scoreQuiz({ ...other, age: group.id }, questions, shown).courseId)
      }
    }
    expect(suggested.has(7)).toBe(false)
    expect(suggested.has(12)).toBe(true)
  })
})
