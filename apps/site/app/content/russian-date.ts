// Dates as the pages write them; a module of its own so the build can use it before the
// course list is read.

const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
]

/** '2026-09-01' → '1 сентября 2026': written out here, not by Intl (no locale data to load). */
export function russianDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number)
  return `${day} ${MONTHS_GENITIVE[(month ?? 1) - 1]} ${year}`
}
