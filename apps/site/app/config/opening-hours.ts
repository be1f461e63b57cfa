import { WEEKDAY_SHORT, WEEKDAYS, type Weekday } from '@it-lab/shared/catalogue'
import type { SchoolFacts } from '@it-lab/shared/school-facts-schema'

// The school's opening hours as the contact block shows them: «Пн–Пт: 10:00–20:00». Only what
// the owner entered in content/school.json; none entered, none shown
// (docs/decisions/0071-page-texts.md).

type OpeningHours = NonNullable<SchoolFacts['openingHours']>[number]

/** «Пн–Пт», «Пн, Ср, Пт», «Сб»: three or more days in a row are written as a range. */
export function dayRangeText(days: readonly Weekday[]): string {
  const runs: Weekday[][] = []
  let previous = -2
  for (const [index, day] of WEEKDAYS.entries()) {
    if (!days.includes(day)) continue
    if (index === previous + 1) runs.at(-1)?.push(day)
    else runs.push([day])
    previous = index
  }
  const short = (day: Weekday) => WEEKDAY_SHORT[day]
  return runs
    .flatMap((run) => {
      const [first] = run
      const last = run.at(-1)
      return run.length >= 3 && first && last ? [`${short(first)}–${short(last)}`] : run.map(short)
    })
    .join(', ')
}

/** One line a period: «Пн–Пт: 10:00–20:00». */
export function openingHoursLines(hours: readonly OpeningHours[] | undefined): string[] {
  return (hours ?? []).map(({ days, opens, closes }) => `${dayRangeText(days)}: ${opens}–${closes}`)
}
