export {
  CHILD_AGE,
  GROUP_MAX_LENGTH,
  HONEYPOT_PARAM,
  LEAD_ERRORS,
  LEAD_FORMS,
  NAME_MAX_LENGTH,
  PROMO_CODE_MAX_LENGTH,
  REQUEST_ID_PARAM,
  SUBMIT_ERROR,
  UNKNOWN_FORM,
  UNSTATED_CONSENT,
  graphemeCount,
  isCalendarDay,
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
export { TRIAL_CHOICE_PARAM, splitTrialChoice, trialChoiceValue } from './trial-choice.ts'
// The catalogue and the site's pages, as @it-lab/shared/catalogue gives them without zod.
export * from './catalogue.ts'
