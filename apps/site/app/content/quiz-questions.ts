// The five questions of the course quiz (docs/behaviour.md, "Quiz scoring").
//
// Every option carries `points`: ten numbers, one per course in id order
// (index 0 is course 1 «Roblox», index 9 is course 10 «Нейросети»).
// The age question gives 100 points to the courses of that age group, so the
// age alone decides the group; the other four questions give 0 or 1 point per
// course and only choose between the courses of that group (at most 4 points).
//
// Course ids by index: 1 Roblox · 2 Компьютерная грамотность · 3 Minecraft ·
// 4 Python · 5 Scratch Junior · 6 Scratch · 7 HTML/CSS · 8 App Inventor ·
// 9 Kodu · 10 Нейросети.

export type QuizOption = {
  id: string
  text: string
  /** Points per course, in course id order; always ten numbers. */
  points: number[]
}

/** One question; the visitor picks exactly one of its options. */
export type QuizQuestion = {
  id: string
  question: string
  options: QuizOption[]
}

/** Number of courses a points list covers. */
export const QUIZ_COURSE_COUNT = 10

/** Points an age answer gives to each course of its group. */
export const AGE_POINTS = 100

/** The courses each age answer points to (docs/behaviour.md, "Quiz scoring"). */
export const AGE_GROUP_COURSES = {
  'under-7': [2],
  '7-10': [5, 6, 9],
  '11-13': [1, 3, 8, 10],
  '14-17': [4, 7],
} as const satisfies Record<string, readonly number[]>

export type AgeGroup = keyof typeof AGE_GROUP_COURSES

/** A points list giving `value` to each of the listed course ids and 0 to the rest. */
function pointsFor(courseIds: readonly number[], value = 1): number[] {
  return Array.from({ length: QUIZ_COURSE_COUNT }, (_, index) =>
    courseIds.includes(index + 1) ? value : 0,
  )
}

function ageOption(id: AgeGroup, text: string): QuizOption {
  return { id, text, points: pointsFor(AGE_GROUP_COURSES[id], AGE_POINTS) }
}

export const quizQuestions: readonly QuizQuestion[] = [
  {
    id: 'age',
    question: 'Сколько лет ребёнку?',
    options: [
      ageOption('under-7', 'Меньше 7 лет'),
      ageOption('7-10', '7–10 лет'),
      ageOption('11-13', '11–13 лет'),
      ageOption('14-17', '14–17 лет'),
    ],
  },
  {
    id: 'interest',
    question: 'Чем ребёнок любит заниматься больше всего?',
    options: [
      {
        id: 'games',
        text: 'Играть в компьютерные игры',
        // Roblox, Minecraft, Scratch, Kodu
        points: pointsFor([1, 3, 6, 9]),
      },
      {
        id: 'drawing',
        text: 'Рисовать, сочинять истории и мультики',
        // Компьютерная грамотность, Scratch Junior, HTML/CSS
        points: pointsFor([2, 5, 7]),
      },
      {
        id: 'gadgets',
        text: 'Разбираться в телефоне, приложениях и новых технологиях',
        // App Inventor, Нейросети
        points: pointsFor([8, 10]),
      },
      {
        id: 'logic',
        text: 'Решать головоломки и узнавать, как всё устроено',
        // Компьютерная грамотность, Python, Scratch, Нейросети
        points: pointsFor([2, 4, 6, 10]),
      },
    ],
  },
  {
    id: 'experience',
    question: 'Пробовал ли ребёнок программировать?',
    options: [
      {
        id: 'none',
        text: 'Нет, это будет первое знакомство',
        // Компьютерная грамотность, Minecraft, Scratch Junior, HTML/CSS, Kodu
        points: pointsFor([2, 3, 5, 7, 9]),
      },
      {
        id: 'blocks',
        text: 'Немного: собирал программы из блоков, например в Scratch',
        // Python, Scratch, App Inventor, Нейросети
        points: pointsFor([4, 6, 8, 10]),
      },
      {
        id: 'code',
        text: 'Да, уже пишет код на языке программирования',
        // Roblox, Python, Scratch
        points: pointsFor([1, 4, 6]),
      },
    ],
  },
  {
    id: 'goal',
    question: 'Что ребёнку хотелось бы создать самому?',
    options: [
      {
        id: 'game',
        text: 'Свою 3D-игру или целый мир',
        // Roblox, Minecraft, Kodu
        points: pointsFor([1, 3, 9]),
      },
      {
        id: 'cartoon',
        text: 'Мультфильм или историю со своими героями',
        // Компьютерная грамотность, Scratch Junior, Scratch
        points: pointsFor([2, 5, 6]),
      },
      {
        id: 'app',
        text: 'Приложение для телефона или чат-бота',
        // Python, App Inventor
        points: pointsFor([4, 8]),
      },
      {
        id: 'website',
        text: 'Сайт с красивым дизайном',
        // HTML/CSS
        points: pointsFor([7]),
      },
      {
        id: 'ai',
        text: 'Что-нибудь с искусственным интеллектом',
        // Python, Нейросети
        points: pointsFor([4, 10]),
      },
    ],
  },
  {
    id: 'learning',
    question: 'Как ребёнку легче всего учиться?',
    options: [
      {
        id: 'play',
        text: 'В игре, с яркими картинками',
        // Компьютерная грамотность, Minecraft, Scratch Junior, Kodu
        points: pointsFor([2, 3, 5, 9]),
      },
      {
        id: 'result',
        text: 'Когда результат сразу виден на экране или в телефоне',
        // Roblox, Scratch, HTML/CSS, App Inventor
        points: pointsFor([1, 6, 7, 8]),
      },
      {
        id: 'deep',
        text: 'Не торопясь: любит разбираться в деталях и доводить дело до конца',
        // Roblox, Python, Scratch, HTML/CSS — курсы на 8–12 месяцев
        points: pointsFor([1, 4, 6, 7]),
      },
      {
        id: 'short',
        text: 'Быстро загорается новым — лучше начать с короткого курса',
        // Компьютерная грамотность, Scratch Junior, App Inventor, Нейросети — курсы на 3–5 месяцев
        points: pointsFor([2, 5, 8, 10]),
      },
    ],
  },
]
