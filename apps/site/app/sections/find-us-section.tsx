import { MapPin } from 'lucide-react'
import { MapLinks } from '#app/components/map-links.tsx'
import { OpeningHoursItem } from '#app/components/opening-hours-item.tsx'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { anchors } from '#app/config/paths.ts'
import { school } from '#app/config/school.ts'

/**
 * «Как нас найти» on the home page: the address, the opening hours the owner entered, and the
 * map behind a tap (a link to Яндекс Карты or 2ГИС; no map script, frame or tile on the page).
 */
export function FindUsSection() {
  return (
    <section
      id={anchors.findUs}
      aria-labelledby="find-us-heading"
      className="bg-slate-50 py-16 sm:py-20"
    >
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading
          id="find-us-heading"
          title="Как нас найти"
          lead="Карта откроется по кнопке — на сайте или в приложении Яндекс Карт или 2ГИС."
        />
        <ul role="list" className="mt-8 flex list-none flex-col gap-4 text-lg">
          <li className="flex items-start gap-3">
            <MapPin aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-600" />
            <p>
              <span className="sr-only">Адрес: </span>
              {school.address.postalCode}, {school.address.full}
            </p>
          </li>
          <OpeningHoursItem />
        </ul>
        <MapLinks className="mt-6" />
      </div>
    </section>
  )
}
