// The quiz's questions after the age one, with their answers (docs/behaviour.md, "Quiz scoring").
// Each course file says which answers it suits (`quiz` in content/courses/*.json, ticked by the
// owner in the editor), so a course added in the editor is suggested with no code change
// (docs/decisions/0069-hidden-courses-and-the-quiz-from-data.md). Plain data: the schema checks a
// course's answers against these ids, the editor lists these texts, the site asks these questions.

export const QUIZ_TRAIT_QUESTIONS = [
  {
    id: 'interest',
    question: 'Чем ребёнок любит заниматься больше всего?',
    options: [
      { id: 'games', text: 'Играть в компьютерные игры' },
      { id: 'drawing', text: 'Рисовать, сочинять истории и мультики' },
      { id: 'gadgets', text: 'Разбираться в телефоне, приложениях и новых технологиях' },
      { id: 'logic', text: 'Решать головоломки и узнавать, как всё устроено' },
    ],
  },
  {
    id: 'experience',
    question: 'Пробовал ли ребёнок программировать?',
    options: [
      { id: 'none', text: 'Нет, это будет первое знакомство' },
      { id: 'blocks', text: 'Немного: собирал программы из блоков, например в Scratch' },
      { id: 'code', text: 'Да, уже пишет код на языке программирования' },
    ],
  },
  {
    id: 'goal',
    question: 'Что ребёнку хотелось бы создать самому?',
    options: [
      { id: 'game', text: 'Свою 3D-игру или целый мир' },
      { id: 'cartoon', text: 'Мультфильм или историю со своими героями' },
      { id: 'app', text: 'Приложение для телефона или чат-бота' },
      { id: 'website', text: 'Сайт с красивым дизайном' },
      { id: 'ai', text: 'Что-нибудь с искусственным интеллектом' },
    ],
  },
  {
    id: 'learning',
    question: 'Как ребёнку легче всего учиться?',
    options: [
      { id: 'play', text: 'В игре, с яркими картинками' },
      { id: 'result', text: 'Когда результат сразу виден на экране или в телефоне' },
      {
        id: 'deep',
        text: 'Не торопясь: любит разбираться в деталях и доводить дело до конца',
      },
      { id: 'short', text: 'Быстро загорается новым — лучше начать с короткого курса' },
    ],
  },
] as const

export type QuizTraitQuestion = (typeof QUIZ_TRAIT_QUESTIONS)[number]
export type QuizTraitId = QuizTraitQuestion['id']

/** The answers a course suits, per question: what its file's `quiz` holds. */
export type CourseQuizAnswers = {
  readonly [Q in QuizTraitQuestion as Q['id']]: readonly Q['options'][number]['id'][]
}
