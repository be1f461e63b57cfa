export {
  CONSENT_VERSION_PATTERN,
  HONEYPOT_PARAM,
  LEAD_ERRORS,
  LEAD_FORMS,
  NAME_MAX_LENGTH,
  SUBMIT_ERROR,
  UNKNOWN_FORM,
  UNSTATED_CONSENT,
  graphemeCount,
  leadQuerySchema,
  leadQueryString,
  leadSchema,
  validateLead,
} from './lead.ts'
export type {
  Lead,
  LeadField,
  LeadFieldErrors,
  LeadForm,
  LeadQuery,
  LeadValidation,
} from './lead.ts'
export { PHONE_MAX_DIGITS, PHONE_PATTERN, formatPhoneInput, maskPhoneDigits } from './phone.ts'
