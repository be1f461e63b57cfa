// Blocks of the course detail page, the same for every course (docs/behaviour.md, "Course
// page"): the trial-lesson offer from content/trial-offer.json, the section headings from
// content/pages/course.json; what a finished course brings is in promises.ts.
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

const trialOffer: TrialOfferFile =
  typeof __TRIAL_OFFER__ === 'undefined' ? readTrialOffer() : __TRIAL_OFFER__

/** Free trial lesson promo of the course detail page (content/trial-offer.json). */
export const TRIAL_PROMO = {
  heading: trialOffer.heading,
  subheading: trialOffer.subheading,
  button: trialOffer.button,
}

export const TRIAL_PROMO_POINTS: readonly CourseExtraPoint[] = trialOffer.points
