// Fixed blocks of the course detail page, the same for every course
// (docs/behaviour.md, "Course page").

/** Section headings of the course detail page, word for word. */
export const COURSE_SECTION_HEADINGS = {
  skills: 'Чему научится ваш ребёнок',
  plan: 'Программа курса',
  benefits: 'По завершению курса, вы получите:',
  prices: 'Стоимость обучения',
} as const

/** lucide-react icon names (kebab-case) used by the blocks below. */
export type CourseExtraIcon =
  | 'folder-code'
  | 'trophy'
  | 'badge-percent'
  | 'award'
  | 'user-round'
  | 'presentation'
  | 'message-circle-question-mark'
  | 'sparkles'

export type CourseExtraPoint = {
  title: string
  description: string
  icon: CourseExtraIcon
}

/** 'По завершению курса, вы получите:' — always these four, in this order. */
export const COMPLETION_BENEFITS: readonly CourseExtraPoint[] = [
  {
    title: 'Готовый проект',
    description:
      'Собственную работу — игру, сайт, приложение или мультфильм, — которую не стыдно показать друзьям и родным.',
    icon: 'folder-code',
  },
  {
    title: 'Призы за лучшие проекты',
    description: 'Авторы самых интересных итоговых работ получают призы.',
    icon: 'trophy',
  },
  {
    title: 'Скидку на следующий курс',
    description: 'Продолжать учиться и переходить на новый уровень будет выгоднее.',
    icon: 'badge-percent',
  },
  {
    title: 'Сертификат об окончании',
    description: 'Документ о прохождении курса — приятное подтверждение достижений ребёнка.',
    icon: 'award',
  },
]

/** Free trial lesson promo of the course detail page. */
export const TRIAL_PROMO = {
  heading: 'Не уверены, подойдет ли обучение?',
  subheading: 'Приходите на бесплатный пробный урок!',
  button: 'Записаться на пробный урок',
} as const

export const TRIAL_PROMO_POINTS: readonly CourseExtraPoint[] = [
  {
    title: 'Познакомитесь с преподавателем и методикой',
    description: 'Увидите, как педагог объясняет материал и как работает с детьми.',
    icon: 'user-round',
  },
  {
    title: 'Узнаете, как проходят уроки',
    description: 'Ребёнок выполнит настоящее задание, а вы увидите, как устроено занятие.',
    icon: 'presentation',
  },
  {
    title: 'Получите ответы на свои вопросы',
    description:
      'Расскажем о программе, расписании и стоимости, поможем выбрать курс по возрасту и интересам.',
    icon: 'message-circle-question-mark',
  },
  {
    title: 'Попробуете формат обучения',
    description: 'Поймёте, подходит ли он вашему ребёнку, ещё до оплаты.',
    icon: 'sparkles',
  },
]
