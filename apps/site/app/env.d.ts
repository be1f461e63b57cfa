/// <reference types="vite/client" />
import type { BuildSettings } from '../vite/build-settings'
import type {
  PageTexts,
  PrizesFile,
  PromisesFile,
  SearchPage,
  TrialDetails,
  TrialOfferFile,
} from '@it-lab/shared/content'
import type { SchoolFacts } from '@it-lab/shared/school-facts-schema'
import type { Announcement } from './content/announcements'
import type { CourseProgramme } from './content/course-programmes'
import type { CourseQuiz } from './content/quiz-questions'
import type { SchoolPhoto, Teacher } from './content/teacher-photo-files'
import type { FaqEntry } from './content/faq'
import type { Review } from './content/reviews'
import type { TrialDateSettings } from './content/trial-dates'

// The build settings Vite's `define` bakes in (see build-settings.ts and vite.config.ts).
declare global {
  /** The school's facts as the build parsed them (config/school.ts); undefined in Node. */
  const __SCHOOL_FACTS__: SchoolFacts | undefined
  /** The content the build read from content/ (vite/content-plugin.ts); undefined in Node. */
  const __COURSE_PROGRAMMES__: Readonly<Record<number, CourseProgramme>> | undefined
  /** Each shown course's quiz answers (content/quiz-questions.ts). */
  const __COURSE_QUIZ__: readonly CourseQuiz[] | undefined
  const __PRIZES__: PrizesFile | undefined
  const __TRIAL_OFFER__: TrialOfferFile | undefined
  /** The trial's details (content/trial-offer.json) and the promises (content/promises.json). */
  const __TRIAL_DETAILS__: TrialDetails | undefined
  /** How many of a group's lessons the lead form offers, the closed days, the build's day. */
  const __TRIAL_BOOKING__: TrialDateSettings | undefined
  const __PROMISE_FORMAT__: PromisesFile['format'] | undefined
  const __COMPLETION__: PromisesFile['completion'] | undefined
  const __QUIZ_PROMO__: PromisesFile['quizPromo'] | undefined
  /** The fixed pages' own words (content/pages/): the home page's, and the others'. */
  const __HOME_TEXTS__: PageTexts['home'] | undefined
  const __PAGE_TEXTS__: Pick<PageTexts, 'course' | 'other'> | undefined
  /**
   * Each fixed page's search title and description, defined one page at a time
   * (`__SEARCH_TEXTS__.home`), so that a route's chunk carries its own only: name the page
   * literally; the object itself does not exist.
   */
  const __SEARCH_TEXTS__: Readonly<Record<SearchPage, { title: string; description: string }>>
  /** The announcements shown at the build's date, soonest first. */
  const __ANNOUNCEMENTS__: readonly Announcement[] | undefined
  /** The questions (content/faq/) and the parents' reviews (content/reviews/), in page order. */
  const __FAQ__: readonly FaqEntry[] | undefined
  const __REVIEWS__: readonly Review[] | undefined
  /** The digits of every amount the content shows, formatted by the build ('4 500' for 4500). */
  const __PRICE_TEXTS__: Readonly<Partial<Record<number, string>>>
  /** The teachers, in order, each with the shown courses they teach (content/teachers/). */
  const __TEACHERS__: readonly Teacher[] | undefined
  /** The school's photos, in order (content/photos/). */
  const __SCHOOL_PHOTOS__: readonly SchoolPhoto[] | undefined

  interface ImportMetaEnv extends Readonly<BuildSettings> {
    /** 'YYYY-MM-DD.hhhhhhhh': the consent document's effective date and text hash. */
    readonly CONSENT_VERSION: string
  }
}
