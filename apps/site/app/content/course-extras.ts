// Blocks of the course detail page, the same for every course (docs/behaviour.md, "Course
// page"): the fixed ones here, the trial-lesson offer from content/trial-offer.json, the section
// headings from content/pages/course.json.
import type { TrialOfferFile } from '@it-lab/shared/content'
import { readTrialOffer } from './content-files.ts'
import { COURSE_TEXTS } from './page-texts.ts'

/** Section headings of the course detail page (content/pages/course.json). */
export const COURSE_SECTION_HEADINGS = COURSE_TEXTS.sections

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

const trialOffer: TrialOfferFile =
  typeof __TRIAL_OFFER__ === 'undefined' ? readTrialOffer() : __TRIAL_OFFER__

/** Free trial lesson promo of the course detail page (content/trial-offer.json). */
export const TRIAL_PROMO = {
  heading: trialOffer.heading,
  subheading: trialOffer.subheading,
  button: trialOffer.button,
}

export const TRIAL_PROMO_POINTS: readonly CourseExtraPoint[] = trialOffer.points
