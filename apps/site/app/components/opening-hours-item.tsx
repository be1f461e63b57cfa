import { Clock } from 'lucide-react'
import { openingHoursLines } from '#app/config/opening-hours.ts'
import { school } from '#app/config/school.ts'

const HOURS = openingHoursLines(school.openingHours)

/** The opening hours as a contact list's item, one line a period; nothing when none are entered. */
export function OpeningHoursItem() {
  if (HOURS.length === 0) return null
  return (
    <li className="flex items-start gap-3">
      <Clock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-600" />
      <p>
        <span className="sr-only">Часы работы: </span>
        {HOURS.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </p>
    </li>
  )
}
