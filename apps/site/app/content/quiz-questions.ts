// The five questions of the course quiz (docs/behaviour.md, "Quiz scoring").
//
// Every option carries `points`, keyed by course id. The age question gives 100 points to the
// courses of that age group, so the age alone decides the group; the other four questions give
// 1 point to some courses and only choose between the courses of that group (at most 4 points).
import { courses } from './courses.ts'

/** Points per course id; a course that is not listed gets 0. */
export type QuizPoints = Readonly<Record<number, number>>

export type QuizOption = {
  id: string
  text: string
  points: QuizPoints
}

/** One question; the visitor picks exactly one of its options. */
export type QuizQuestion = {
  id: string
  question: string
  options: QuizOption[]
}

/** Points an age answer gives to each course of its group. */
export const AGE_POINTS = 100

/** The age answers. A course belongs to the group its youngest age (`ageMin`) falls in. */
export const AGE_GROUPS = [
  { id: 'under-7', text: 'Меньше 7 лет', fromAge: 0, toAge: 6 },
  { id: '7-10', text: '7–10 лет', fromAge: 7, toAge: 10 },
  { id: '11-13', text: '11–13 лет', fromAge: 11, toAge: 13 },
  { id: '14-17', text: '14–17 лет', fromAge: 14, toAge: 17 },
] as const

export type AgeGroup = (typeof AGE_GROUPS)[number]

/** The ids of the courses of an age group. */
export function ageGroupCourseIds({ fromAge, toAge }: AgeGroup): number[] {
  return courses
    .filter((course) => course.ageMin >= fromAge && course.ageMin <= toAge)
    .map((course) => course.id)
}

function ageOption(group: AgeGroup): QuizOption {
  const points = ageGroupCourseIds(group).map((id) => [id, AGE_POINTS])
  return { id: group.id, text: group.text, points: Object.fromEntries(points) }
}

export const quizQuestions: readonly QuizQuestion[] = [
  {
    id: 'age',
    question: 'Сколько лет ребёнку?',
    options: AGE_GROUPS.map(ageOption),
  },
  {
    id: 'interest',
    question: 'Чем ребёнок любит заниматься больше всего?',
    options: [
      {
        id: 'games',
        text: 'Играть в компьютерные игры',
        // Roblox, Minecraft, Scratch, Kodu
        points: { 1: 1, 3: 1, 6: 1, 9: 1 },
      },
      {
        id: 'drawing',
        text: 'Рисовать, сочинять истории и мультики',
        // Компьютерная грамотность, Scratch Junior, HTML/CSS
        points: { 2: 1, 5: 1, 7: 1 },
      },
      {
        id: 'gadgets',
        text: 'Разбираться в телефоне, приложениях и новых технологиях',
        // App Inventor, Нейросети
        points: { 8: 1, 10: 1 },
      },
      {
        id: 'logic',
        text: 'Решать головоломки и узнавать, как всё устроено',
        // Компьютерная грамотность, Python, Scratch, Нейросети
        points: { 2: 1, 4: 1, 6: 1, 10: 1 },
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
        points: { 2: 1, 3: 1, 5: 1, 7: 1, 9: 1 },
      },
      {
        id: 'blocks',
        text: 'Немного: собирал программы из блоков, например в Scratch',
        // Python, Scratch, App Inventor, Нейросети
        points: { 4: 1, 6: 1, 8: 1, 10: 1 },
      },
      {
        id: 'code',
        text: 'Да, уже пишет код на языке программирования',
        // Roblox, Python, Scratch
        points: { 1: 1, 4: 1, 6: 1 },
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
        points: { 1: 1, 3: 1, 9: 1 },
      },
      {
        id: 'cartoon',
        text: 'Мультфильм или историю со своими героями',
        // Компьютерная грамотность, Scratch Junior, Scratch
        points: { 2: 1, 5: 1, 6: 1 },
      },
      {
        id: 'app',
        text: 'Приложение для телефона или чат-бота',
        // Python, App Inventor
        points: { 4: 1, 8: 1 },
      },
      {
        id: 'website',
        text: 'Сайт с красивым дизайном',
        // HTML/CSS
        points: { 7: 1 },
      },
      {
        id: 'ai',
        text: 'Что-нибудь с искусственным интеллектом',
        // Python, Нейросети
        points: { 4: 1, 10: 1 },
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
        points: { 2: 1, 3: 1, 5: 1, 9: 1 },
      },
      {
        id: 'result',
        text: 'Когда результат сразу виден на экране или в телефоне',
        // Roblox, Scratch, HTML/CSS, App Inventor
        points: { 1: 1, 6: 1, 7: 1, 8: 1 },
      },
      {
        id: 'deep',
        text: 'Не торопясь: любит разбираться в деталях и доводить дело до конца',
        // Roblox, Python, Scratch, HTML/CSS — курсы на 8–12 месяцев
        points: { 1: 1, 4: 1, 6: 1, 7: 1 },
      },
      {
        id: 'short',
        text: 'Быстро загорается новым — лучше начать с короткого курса',
        // Компьютерная грамотность, Scratch Junior, App Inventor, Нейросети — курсы на 3–5 месяцев
        points: { 2: 1, 5: 1, 8: 1, 10: 1 },
      },
    ],
  },
]
