// Leads as the site sends them, for the tests, the benches and the nginx check alike.
import { COURSE_CATALOGUE, courseEntry } from '@it-lab/shared'

export const VALID_PHONE = '+7 (912) 345-67-89'

/** Distinct valid phone for lead number `n` (0–9 999 999), so leads can be told apart. */
export function phoneFor(n: number): string {
  const digits = String(n % 10_000_000).padStart(7, '0')
  return `+7 (900) ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`
}

/** A consent version in the contract's format (date, dot, 8 hex digits of the text's SHA-256). */
export const TEST_CONSENT = '2025-09-01.0a1b2c3d'

/** The query string the site sends with a lead from the contact form. */
export const LEAD_QUERY = `form=feedback&consent=${TEST_CONSENT}&website=`

/** The catalogue's title of course `id`: the chat and the reports name a lead's course by it. */
export function courseTitle(id: number): string {
  const course = courseEntry(id)
  if (!course) throw new Error(`the catalogue has no course ${id}`)
  return course.title
}

/** An id no course of the catalogue has (a lead from a newer site, say). */
export const UNKNOWN_COURSE = Math.max(...COURSE_CATALOGUE.map(({ id }) => id)) + 1
