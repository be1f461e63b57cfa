// The words of the quiz's questions after the age one and of their answers, by the ids course
// files tick (packages/shared/src/content/quiz.ts). Apart from quiz-questions.ts, which reads the
// catalogue, so that the editor's configuration (vite/editor-config/editor-sections.ts) can list them without
// reading the courses (a release build with a broken course file must still list its problems).
import { QUIZ_ANSWER_IDS, type QuizTraitId } from '@it-lab/shared/content'

/** The texts of the questions after the age one and of their answers, by the ids course files tick. */
export const QUIZ_TRAIT_TEXTS: {
  readonly [Q in QuizTraitId]: {
    question: string
    answers: Readonly<Record<(typeof QUIZ_ANSWER_IDS)[Q][number], string>>
  }
} = {
  interest: {
    question: 'Чем ребёнок любит заниматься больше всего?',
    answers: {
      games: 'Играть в компьютерные игры',
      drawing: 'Рисовать, сочинять истории и мультики',
      gadgets: 'Разбираться в телефоне, приложениях и новых технологиях',
      logic: 'Решать головоломки и узнавать, как всё устроено',
    },
  },
  experience: {
    question: 'Пробовал ли ребёнок программировать?',
    answers: {
      none: 'Нет, это будет первое знакомство',
      blocks: 'Немного: собирал программы из блоков, например в Scratch',
      code: 'Да, уже пишет код на языке программирования',
    },
  },
  goal: {
    question: 'Что ребёнку хотелось бы создать самому?',
    answers: {
      game: 'Свою 3D-игру или целый мир',
      cartoon: 'Мультфильм или историю со своими героями',
      app: 'Приложение для телефона или чат-бота',
      website: 'Сайт с красивым дизайном',
      ai: 'Что-нибудь с искусственным интеллектом',
    },
  },
  learning: {
    question: 'Как ребёнку легче всего учиться?',
    answers: {
      play: 'В игре, с яркими картинками',
      result: 'Когда результат сразу виден на экране или в телефоне',
      deep: 'Не торопясь: любит разбираться в деталях и доводить дело до конца',
      short: 'Быстро загорается новым — лучше начать с короткого курса',
    },
  },
}

/** A question after the age one: its text, and each answer's id and text, in order. */
export function traitQuestion(id: QuizTraitId): {
  question: string
  options: { id: string; text: string }[]
} {
  const { question, answers } = QUIZ_TRAIT_TEXTS[id]
  const texts: Readonly<Record<string, string>> = answers
  return {
    question,
    options: QUIZ_ANSWER_IDS[id].map((answer) => ({ id: answer, text: texts[answer] ?? answer })),
  }
}
