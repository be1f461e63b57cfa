import { FIELD_LABELS, QUIZ_TRAIT_IDS } from '@it-lab/shared/content'
import { describe, expect, it } from 'vitest'
import { courses } from './courses'
import { AGE_GROUPS, AGE_POINTS, ageGroupCourseIds, quizQuestions } from './quiz-questions'
import { traitQuestion } from './quiz-texts'

const courseIds = courses.map((course) => course.id)
const [ageQuestion, ...otherQuestions] = quizQuestions

describe('quiz questions', () => {
  it('are five, the first about age', () => {
    expect(quizQuestions).toHaveLength(5)
    expect(ageQuestion?.id).toBe('age')
  })

  it('have unique question ids and unique option ids within each question', () => {
    const ids = quizQuestions.map((question) => question.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const question of quizQuestions) {
      const optionIds = question.options.map((option) => option.id)
      expect(new Set(optionIds).size, question.id).toBe(optionIds.length)
      expect(question.options.length, question.id).toBeGreaterThanOrEqual(2)
      expect(question.question.trim(), question.id).not.toBe('')
      for (const option of question.options) expect(option.text.trim()).not.toBe('')
    }
  })

  it('give points to existing courses only', () => {
    for (const question of quizQuestions) {
      for (const option of question.options) {
        for (const id of Object.keys(option.points).map(Number)) {
          expect(courseIds, `${question.id}/${option.id} → ${id}`).toContain(id)
        }
      }
    }
  })

  it('put every course in exactly one age group, the one its age range starts in', () => {
    const grouped = AGE_GROUPS.flatMap((group) => ageGroupCourseIds(group))
    expect(grouped.sort((a, b) => a - b)).toEqual(courseIds)
    for (const group of AGE_GROUPS) {
      for (const id of ageGroupCourseIds(group)) {
        const course = courses.find((candidate) => candidate.id === id)
        expect(course?.ageMin, `course ${id}`).toBeGreaterThanOrEqual(group.fromAge)
        expect(course?.ageMin, `course ${id}`).toBeLessThanOrEqual(group.toAge)
      }
    }
  })

  it('give 1 point to some courses on the other questions', () => {
    for (const question of otherQuestions) {
      for (const option of question.options) {
        const points = Object.values(option.points)
        // Every answer says something about at least one course.
        expect(points.length, option.id).toBeGreaterThan(0)
        for (const point of points) expect(point).toBe(1)
      }
    }
  })

  it('let the other four questions together weigh less than the age answer', () => {
    const maxOther = otherQuestions.reduce(
      (sum, question) =>
        sum + Math.max(...question.options.flatMap((option) => Object.values(option.points))),
      0,
    )
    expect(maxOther).toBeLessThan(AGE_POINTS)
  })

  it("label each question's field in the editor with the question the parent reads", () => {
    for (const id of QUIZ_TRAIT_IDS) {
      expect(FIELD_LABELS.course[`quiz.${id}`]).toBe(
        `Тест для родителей → ${traitQuestion(id).question}`,
      )
    }
  })
})
