// Which quiz answers a course suits (docs/behaviour.md, "Quiz scoring"): each course file ticks,
// for each question after the age one, some of these answers (`quiz` in content/courses/*.json,
// in the editor's «Тест для родителей»), so a course added in the editor is suggested with no code
// change (docs/decisions/0069-hidden-courses-quiz-data.md). Only the ids live here, which every
// page's bundle carries; the texts the parent reads are the quiz's own
// (apps/site/app/content/quiz-questions.ts), loaded with the quiz.

/** The questions after the age one, in the order the quiz asks them, each with its answers' ids. */
export const QUIZ_ANSWER_IDS = {
  interest: ['games', 'drawing', 'gadgets', 'logic'],
  experience: ['none', 'blocks', 'code'],
  goal: ['game', 'cartoon', 'app', 'website', 'ai'],
  learning: ['play', 'result', 'deep', 'short'],
} as const

export type QuizTraitId = keyof typeof QUIZ_ANSWER_IDS
export const QUIZ_TRAIT_IDS: readonly QuizTraitId[] = ['interest', 'experience', 'goal', 'learning']
