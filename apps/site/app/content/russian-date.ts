// Dates as the pages write them; a module of its own so the build can use it before the
// course list is read.
import { MONTHS_GENITIVE } from '@it-lab/shared/trial-dates'

/** '2026-09-01' → '1 сентября 2026': written out here, not by Intl (no locale data to load). */
export function russianDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number)
  return `${day} ${MONTHS_GENITIVE[(month ?? 1) - 1]} ${year}`
}
