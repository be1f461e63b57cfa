export {
  GROUP_MAX_LENGTH,
  HONEYPOT_PARAM,
  LEAD_ERRORS,
  LEAD_FORMS,
  NAME_MAX_LENGTH,
  SUBMIT_ERROR,
  UNKNOWN_FORM,
  UNSTATED_CONSENT,
  graphemeCount,
  isConsentVersion,
  leadQueryString,
  leadSchema,
  validateLead,
} from './lead.ts'
export type {
  Lead,
  LeadField,
  LeadFieldErrors,
  LeadForm,
  LeadContext,
  LeadValidation,
} from './lead.ts'
export {
  PHONE_MAX_DIGITS,
  PHONE_PATTERN,
  formatPhoneInput,
  maskPhoneDigits,
  normalizePhone,
} from './phone.ts'
export {
  COURSE_CATALOGUE,
  HIDDEN_COURSES,
  LEAD_ERROR_REASONS,
  GROUPS,
  OTHER_TIME,
  WEEKDAY_SHORT,
  courseEntry,
  courseGroups,
  courseIdOfPath,
  groupEntry,
  groupTimeText,
  hiddenCoursePaths,
  leadResultPaths,
  paths,
  policyPaths,
  prerenderPaths,
  sitemapPaths,
} from './catalogue.ts'
export type {
  CourseEntry,
  CourseLevelTone,
  GroupEntry,
  HiddenCourse,
  LeadErrorReason,
} from './catalogue.ts'
export {
  FIRST_TOUCH_DAYS,
  TAG_KEYS,
  TOUCH_KEYS,
  TOUCH_VALUE_MAX,
  cleanLeadSource,
  cleanTouch,
  hasOrigin,
  touchFromUrl,
} from './lead-source.ts'
export type { LeadSource, Touch, TouchKey } from './lead-source.ts'
