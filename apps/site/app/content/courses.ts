// The school's course list: built in, never fetched (docs/behaviour.md, "Courses"). The one place
// a course is defined: URLs, the prerender list, the sitemap and the quiz take the ids from here.
// Plain data, so the build scripts can import it too; illustrations are in course-images.ts.
import { pluralizeMonths } from './plural.ts'
import { COURSE_PRICES, type CoursePrices } from './price-plans.ts'

/** Colour of the level badge. */
export type CourseLevelTone = 'beginner' | 'middle' | 'advanced' | 'moderate'

export type Course = {
  id: number
  title: string
  /** Two or three sentences for parents. */
  description: string
  /** Human text, e.g. '9 месяцев'. */
  duration: string
  format: 'Оффлайн'
  startDate: 'По набору'
  /** Level with the age range, e.g. 'Средний · 11–13 лет'. */
  level: string
  levelTone: CourseLevelTone
  ageMin: number
  ageMax: number
  onMainPage: boolean
  prices: CoursePrices
}

export const COURSE_FORMAT = 'Оффлайн'
export const COURSE_START_DATE = 'По набору'

const LEVEL_NAMES: Record<CourseLevelTone, string> = {
  beginner: 'Начальный',
  middle: 'Средний',
  advanced: 'Продвинутый',
  moderate: 'Умеренный',
}

/** 'Средний · 11–13 лет' */
function levelText(tone: CourseLevelTone, ageMin: number, ageMax: number): string {
  return `${LEVEL_NAMES[tone]} · ${ageMin}–${ageMax} лет`
}

type CourseInput = Omit<Course, 'duration' | 'level' | 'format' | 'startDate' | 'prices'> & {
  months: number
}

function defineCourse({ months, ...input }: CourseInput): Course {
  return {
    ...input,
    duration: pluralizeMonths(months),
    level: levelText(input.levelTone, input.ageMin, input.ageMax),
    format: COURSE_FORMAT,
    startDate: COURSE_START_DATE,
    prices: { ...COURSE_PRICES },
  }
}

export const courses: readonly Course[] = [
  defineCourse({
    id: 1,
    title: 'Roblox: создание 3D-игр',
    description:
      'Курс для тех, кто любит Roblox и хочет не только играть, но и создавать свои миры. В Roblox Studio ребёнок строит 3D-уровни, пишет первые скрипты на языке Lua и к концу курса выпускает собственную игру, в которую можно позвать друзей.',
    months: 9,
    levelTone: 'middle',
    ageMin: 11,
    ageMax: 13,
    onMainPage: true,
  }),
  defineCourse({
    id: 2,
    title: 'Компьютерная грамотность',
    description:
      'Первое знакомство с компьютером для самых маленьких. В игровой форме ребёнок учится уверенно управлять мышкой, находить буквы на клавиатуре, рисовать и сохранять свои работы. А ещё мы говорим о том, как безопасно пользоваться интернетом и почему глазам нужен отдых.',
    months: 5,
    levelTone: 'beginner',
    ageMin: 5,
    ageMax: 7,
    onMainPage: true,
  }),
  defineCourse({
    id: 3,
    title: 'Моды для Minecraft',
    description:
      'Курс для ребят, которые давно играют в Minecraft и хотят добавить в игру что-то своё. Ребёнок создаёт собственные блоки, предметы, инструменты, мобов и рецепты крафта, программирует их поведение визуальными процедурами и собирает всё в настоящий мод, который можно установить и показать друзьям.',
    months: 6,
    levelTone: 'middle',
    ageMin: 11,
    ageMax: 13,
    onMainPage: false,
  }),
  defineCourse({
    id: 4,
    title: 'Программирование на Python',
    description:
      'Серьёзный курс для подростков, которые хотят писать настоящий код. За год ученик проходит путь от первой строчки на Python до собственных проектов — игры, Telegram-бота и полезных программ — и знакомится с тем, как работают профессиональные разработчики.',
    months: 12,
    levelTone: 'advanced',
    ageMin: 14,
    ageMax: 17,
    onMainPage: true,
  }),
  defineCourse({
    id: 5,
    title: 'Scratch Junior',
    description:
      'Мягкий вход в программирование для младших школьников. В приложении ScratchJr ребёнок собирает программы из ярких блоков-картинок, оживляет персонажей и придумывает свои истории и мини-игры — и незаметно учится мыслить последовательно и логично.',
    months: 5,
    levelTone: 'middle',
    ageMin: 7,
    ageMax: 10,
    onMainPage: false,
  }),
  defineCourse({
    id: 6,
    title: 'Scratch: первые игры и анимации',
    description:
      'Scratch — визуальный язык для первого знакомства с программированием. Ребёнок собирает из блоков настоящие игры и мультфильмы: лабиринты, гонки, викторины и платформеры — и по ходу осваивает переменные, условия и циклы, на которых держится любой язык программирования.',
    months: 8,
    levelTone: 'middle',
    ageMin: 7,
    ageMax: 10,
    onMainPage: true,
  }),
  defineCourse({
    id: 7,
    title: 'Создание сайтов: HTML и CSS',
    description:
      'Подросток учится делать настоящие сайты: от первой страницы на HTML до адаптивного многостраничного сайта, который одинаково хорошо выглядит на компьютере и на телефоне. За год собирается портфолио из нескольких работ, а итоговый сайт публикуется в интернете.',
    months: 12,
    levelTone: 'advanced',
    ageMin: 14,
    ageMax: 17,
    onMainPage: true,
  }),
  defineCourse({
    id: 8,
    title: 'Мобильные приложения в App Inventor',
    description:
      'Ребёнок создаёт настоящие приложения для Android-смартфона в MIT App Inventor: собирает экран из готовых элементов, программирует логику блоками и сразу проверяет результат на телефоне. За четыре месяца получится несколько приложений — от рисовалки до небольшой игры.',
    months: 4,
    levelTone: 'middle',
    ageMin: 11,
    ageMax: 13,
    onMainPage: false,
  }),
  defineCourse({
    id: 9,
    title: 'Kodu Game Lab: 3D-игры без кода',
    description:
      'В Kodu Game Lab ребёнок строит объёмные миры — горы, озёра, дороги — и оживляет их героев без единой строчки кода: программа собирается из понятных правил «когда… — делай…». Это отличный способ почувствовать себя создателем 3D-игр и научиться логике ещё до первого языка программирования.',
    months: 6,
    levelTone: 'middle',
    ageMin: 7,
    ageMax: 10,
    onMainPage: true,
  }),
  defineCourse({
    id: 10,
    title: 'Нейросети и искусственный интеллект',
    description:
      'Короткий курс о том, как устроены нейросети, о которых сейчас говорят все. Ребёнок сам обучает простые модели узнавать картинки, звуки и жесты, учится грамотно и безопасно пользоваться генеративными нейросетями и разбирается, где искусственный интеллект помогает, а где ошибается.',
    months: 3,
    levelTone: 'moderate',
    ageMin: 11,
    ageMax: 13,
    onMainPage: false,
  }),
]

/** Courses shown in the home-page grid, in id order. */
export const mainPageCourses: readonly Course[] = courses.filter((course) => course.onMainPage)

const INTEGER_ID = /^[1-9][0-9]*$/

/**
 * Finds a course by a route id. Only an exact positive integer string (or an integer) matches:
 * '4' → course 4; '4.0', ' 4', '04', 'abc', '0' → undefined.
 */
export function findCourse(id: string | number): Course | undefined {
  if (typeof id === 'string' && !INTEGER_ID.test(id)) return undefined
  const numericId = Number(id)
  if (!Number.isSafeInteger(numericId)) return undefined
  return courses.find((course) => course.id === numericId)
}
