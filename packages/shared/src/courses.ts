// The school's course catalogue: the one place a course is defined (docs/behaviour.md, "Courses").
// Plain data shared by the site (pages, URLs, quiz) and the lead service (which checks a lead's
// course and names it in the chat), so neither app imports the other.

/** Colour of the level badge. */
export type CourseLevelTone = 'beginner' | 'middle' | 'advanced' | 'moderate'

export type CourseEntry = {
  id: number
  title: string
  /** Two or three sentences for parents. */
  description: string
  months: number
  levelTone: CourseLevelTone
  ageMin: number
  ageMax: number
  onMainPage: boolean
}

export const COURSE_CATALOGUE: readonly CourseEntry[] = [
  {
    id: 1,
    title: 'Roblox: создание 3D-игр',
    description:
      'Курс для тех, кто любит Roblox и хочет не только играть, но и создавать свои миры. В Roblox Studio ребёнок строит 3D-уровни, пишет первые скрипты на языке Lua и к концу курса выпускает собственную игру, в которую можно позвать друзей.',
    months: 9,
    levelTone: 'middle',
    ageMin: 11,
    ageMax: 13,
    onMainPage: true,
  },
  {
    id: 2,
    title: 'Компьютерная грамотность',
    description:
      'Первое знакомство с компьютером для самых маленьких. В игровой форме ребёнок учится уверенно управлять мышкой, находить буквы на клавиатуре, рисовать и сохранять свои работы. А ещё мы говорим о том, как безопасно пользоваться интернетом и почему глазам нужен отдых.',
    months: 5,
    levelTone: 'beginner',
    ageMin: 5,
    ageMax: 7,
    onMainPage: true,
  },
  {
    id: 3,
    title: 'Моды для Minecraft',
    description:
      'Курс для ребят, которые давно играют в Minecraft и хотят добавить в игру что-то своё. Ребёнок создаёт собственные блоки, предметы, инструменты, мобов и рецепты крафта, программирует их поведение визуальными процедурами и собирает всё в настоящий мод, который можно установить и показать друзьям.',
    months: 6,
    levelTone: 'middle',
    ageMin: 11,
    ageMax: 13,
    onMainPage: false,
  },
  {
    id: 4,
    title: 'Программирование на Python',
    description:
      'Серьёзный курс для подростков, которые хотят писать настоящий код. За год ученик проходит путь от первой строчки на Python до собственных проектов — игры, Telegram-бота и полезных программ — и знакомится с тем, как работают профессиональные разработчики.',
    months: 12,
    levelTone: 'advanced',
    ageMin: 14,
    ageMax: 17,
    onMainPage: true,
  },
  {
    id: 5,
    title: 'Scratch Junior',
    description:
      'Мягкий вход в программирование для младших школьников. В приложении ScratchJr ребёнок собирает программы из ярких блоков-картинок, оживляет персонажей и придумывает свои истории и мини-игры — и незаметно учится мыслить последовательно и логично.',
    months: 5,
    levelTone: 'middle',
    ageMin: 7,
    ageMax: 10,
    onMainPage: false,
  },
  {
    id: 6,
    title: 'Scratch: первые игры и анимации',
    description:
      'Scratch — визуальный язык для первого знакомства с программированием. Ребёнок собирает из блоков настоящие игры и мультфильмы: лабиринты, гонки, викторины и платформеры — и по ходу осваивает переменные, условия и циклы, на которых держится любой язык программирования.',
    months: 8,
    levelTone: 'middle',
    ageMin: 7,
    ageMax: 10,
    onMainPage: true,
  },
  {
    id: 7,
    title: 'Создание сайтов: HTML и CSS',
    description:
      'Подросток учится делать настоящие сайты: от первой страницы на HTML до адаптивного многостраничного сайта, который одинаково хорошо выглядит на компьютере и на телефоне. За год собирается портфолио из нескольких работ, а итоговый сайт публикуется в интернете.',
    months: 12,
    levelTone: 'advanced',
    ageMin: 14,
    ageMax: 17,
    onMainPage: true,
  },
  {
    id: 8,
    title: 'Мобильные приложения в App Inventor',
    description:
      'Ребёнок создаёт настоящие приложения для Android-смартфона в MIT App Inventor: собирает экран из готовых элементов, программирует логику блоками и сразу проверяет результат на телефоне. За четыре месяца получится несколько приложений — от рисовалки до небольшой игры.',
    months: 4,
    levelTone: 'middle',
    ageMin: 11,
    ageMax: 13,
    onMainPage: false,
  },
  {
    id: 9,
    title: 'Kodu Game Lab: 3D-игры без кода',
    description:
      'В Kodu Game Lab ребёнок строит объёмные миры — горы, озёра, дороги — и оживляет их героев без единой строчки кода: программа собирается из понятных правил «когда… — делай…». Это отличный способ почувствовать себя создателем 3D-игр и научиться логике ещё до первого языка программирования.',
    months: 6,
    levelTone: 'middle',
    ageMin: 7,
    ageMax: 10,
    onMainPage: true,
  },
  {
    id: 10,
    title: 'Нейросети и искусственный интеллект',
    description:
      'Короткий курс о том, как устроены нейросети, о которых сейчас говорят все. Ребёнок сам обучает простые модели узнавать картинки, звуки и жесты, учится грамотно и безопасно пользоваться генеративными нейросетями и разбирается, где искусственный интеллект помогает, а где ошибается.',
    months: 3,
    levelTone: 'moderate',
    ageMin: 11,
    ageMax: 13,
    onMainPage: false,
  },
]

/** The course with this id, if the catalogue has one. */
export function courseEntry(id: number): CourseEntry | undefined {
  return COURSE_CATALOGUE.find((course) => course.id === id)
}
