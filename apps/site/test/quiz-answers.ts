import { quizQuestions } from '#app/content/quiz-questions.ts'

// The quiz tests (unit and e2e) choose answers by option id and read what the visitor sees, the
// option texts and the questions, from the quiz's own data.

/** The option id chosen for each question id, e.g. { age: '11-13', interest: 'games', … }. */
export type QuizAnswerIds = Readonly<Record<string, string>>

/** The text of option `optionId` of question `questionId`. */
export function optionText(questionId: string, optionId: string): string {
  const question = quizQuestions.find((candidate) => candidate.id === questionId)
  const option = question?.options.find((candidate) => candidate.id === optionId)
  if (!option) throw new Error(`the quiz has no option ${questionId}/${optionId}`)
  return option.text
}

/** The texts of the chosen options, in the order the questions come. */
export function answerTexts(answers: QuizAnswerIds): string[] {
  return quizQuestions.map((question) => {
    const optionId = answers[question.id]
    if (optionId === undefined) throw new Error(`no answer for question ${question.id}`)
    return optionText(question.id, optionId)
  })
}

/** The text of question number `index` (from 0). */
export function questionText(index: number): string {
  const question = quizQuestions[index]
  if (!question) throw new Error(`the quiz has no question ${index + 1}`)
  return question.question
}
