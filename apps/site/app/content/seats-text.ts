// A group's free places in words (docs/decisions/0075-groups-and-trials.md), apart from the
// groups' data so the live seats' script (islands/live-seats.ts, decision 0103) says the very
// same words without carrying the catalogue.
import { pluralRu, type RussianPluralForms } from './plural.ts'

export const SEAT_FORMS: RussianPluralForms = ['место', 'места', 'мест']

/** The full group's words: the parent is still welcome, on the waiting list. */
export const NO_SEATS = 'мест нет — запишем в лист ожидания'

/** «осталось 1 место», «осталось 2 места», «осталось 5 мест»; none: the waiting list. */
export function seatsText(seats: number): string {
  return seats > 0 ? `осталось ${seats} ${pluralRu(seats, SEAT_FORMS)}` : NO_SEATS
}

/** The line's colour: green while there are places, grey on the waiting list. */
export const SEATS_TONES = { open: 'text-green-800', full: 'text-slate-600' } as const

export function seatsTone(seats: number): string {
  return seats > 0 ? SEATS_TONES.open : SEATS_TONES.full
}
