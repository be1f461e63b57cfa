// The service's side of the lead contract: it parses the query the site builds with
// `leadQueryString` (lead.ts). A module of its own so the site's bundle never carries it.
import * as z from 'zod/mini'
import { COURSE_CATALOGUE } from './courses.ts'
import {
  LEAD_FORMS,
  UNKNOWN_FORM,
  UNSTATED_CONSENT,
  CONSENT_VERSION_PATTERN,
  HONEYPOT_PARAM,
} from './lead.ts'
import { prerenderPaths } from './site-paths.ts'

/** A course id as the query carries it ("4"): one of the catalogue's, turned into a number. */
const courseIdParam = z.pipe(
  z.enum(COURSE_CATALOGUE.map(({ id }) => String(id))),
  z.transform(Number),
)

/**
 * Query string of `POST /send?form=…&consent=…&course=…&quiz=…&page=…&website=…`. The body stays
 * `{ name, phone }` exactly, so the metadata travels here; each parameter is optional (absent
 * form → `unknown`, absent consent → `unstated`, absent context → not known), a bad value is
 * refused. Unknown parameters are dropped.
 */
export const leadQuerySchema = z.object({
  form: z._default(z.enum([...LEAD_FORMS, UNKNOWN_FORM]), UNKNOWN_FORM),
  consent: z._default(
    z.union([z.literal(UNSTATED_CONSENT), z.string().check(z.regex(CONSENT_VERSION_PATTERN))]),
    UNSTATED_CONSENT,
  ),
  /** The course whose page the form was on (docs/behaviour.md, "Lead context"). */
  course: z.optional(courseIdParam),
  /** The course the quiz suggested in this visit. */
  quiz: z.optional(courseIdParam),
  /** The page path the lead was sent from: one of the site's pages. */
  page: z.optional(z.enum(prerenderPaths)),
  [HONEYPOT_PARAM]: z.optional(z.string().check(z.maxLength(2048))),
})

export type LeadQuery = z.infer<typeof leadQuerySchema>
