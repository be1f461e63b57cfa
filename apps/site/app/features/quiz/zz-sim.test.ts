import { test } from 'vitest'
import { quizQuestions } from '~/content/quiz-questions'
import { scoreQuiz } from '~/features/quiz/score-quiz'

test('sim', () => {
  const [age, ...rest] = quizQuestions
  for (const ageOpt of age!.options) {
    const counts: Record<number, number> = {}
    const walk = (i: number, answers: Record<string, string[]>) => {
      if (i === rest.length) {
        const r = scoreQuiz({ ...answers, age: [ageOpt.id] })
        counts[r.courseId] = (counts[r.courseId] ?? 0) + 1
        return
      }
      for (const o of rest[i]!.options) walk(i + 1, { ...answers, [rest[i]!.id]: [o.id] })
    }
    walk(0, {})
    console.log(ageOpt.id, JSON.stringify(counts))
  }
})
