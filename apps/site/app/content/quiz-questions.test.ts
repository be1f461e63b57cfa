import { describe, expect, it } from 'vitest'
import { courses } from './courses'
import {
  AGE_GROUP_COURSES,
  AGE_POINTS,
  QUIZ_COURSE_COUNT,
  quizQuestions,
  type QuizQuestion,
} from './quiz-questions'

const courseIds = courses.map((course) => course.id)

describe('quiz questions', () => {
  it('are five, the first about age', () => {
    expect(quizQuestions).toHaveLength(5)
    expect(quizQuestions[0]?.id).toBe('age')
  })

  it('cover the ten courses in id order', () => {
    expect(QUIZ_COURSE_COUNT).toBe(courses.length)
    expect(courseIds).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })

  it('have unique question ids and unique option ids within each question', () => {
    const ids = quizQuestions.map((question) => question.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const question of quizQuestions) {
      const optionIds = question.options.map((option) => option.id)
      expect(new Set(optionIds).size, question.id).toBe(optionIds.length)
      expect(question.options.length, question.id).toBeGreaterThanOrEqual(2)
      expect(question.question.trim(), question.id).not.toBe('')
    }
  })

  it('give every option a list of ten points', () => {
    for (const question of quizQuestions) {
      for (const option of question.options) {
        expect(option.points, `${question.id}/${option.id}`).toHaveLength(10)
        expect(option.text.trim()).not.toBe('')
      }
    }
  })

  it('give 100 points exactly to the courses of each age group', () => {
    const age = quizQuestions[0] as QuizQuestion
    expect(age.options.map((option) => option.text)).toEqual([
      'Меньше 7 лет',
      '7–10 лет',
      '11–13 лет',
      '14–17 лет',
    ])
    expect(AGE_GROUP_COURSES).toEqual({
      'under-7': [2],
      '7-10': [5, 6, 9],
      '11-13': [1, 3, 8, 10],
      '14-17': [4, 7],
    })
    expect(age.options.map((option) => option.points)).toEqual([
      [0, 100, 0, 0, 0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 100, 100, 0, 0, 100, 0],
      [100, 0, 100, 0, 0, 0, 0, 100, 0, 100],
      [0, 0, 0, 100, 0, 0, 100, 0, 0, 0],
    ])
    expect(AGE_POINTS).toBe(100)
  })

  it('give 0 or 1 point per course on the other questions', () => {
    for (const question of quizQuestions.slice(1)) {
      for (const option of question.options) {
        for (const point of option.points) expect([0, 1]).toContain(point)
        // Every answer says something about at least one course.
        expect(
          option.points.some((point) => point === 1),
          option.id,
        ).toBe(true)
      }
    }
  })

  it('let the other four questions together weigh less than the age answer', () => {
    const maxOther = quizQuestions
      .slice(1)
      .reduce(
        (sum, question) => sum + Math.max(...question.options.flatMap((option) => option.points)),
        0,
      )
    expect(maxOther).toBeLessThan(AGE_POINTS)
  })
})
