import { MapPin, MessageCircle, Phone } from 'lucide-react'
import { MapLinks } from '#app/components/map-links.tsx'
import { OpeningHoursItem } from '#app/components/opening-hours-item.tsx'
import { school } from '#app/config/school.ts'
import { ContactForm } from '#app/features/contact-form/contact-form.tsx'
import { Island } from '#app/islands/island.tsx'
import { anchors } from '#app/config/paths.ts'
import { OTHER_TEXTS } from '#app/content/page-texts.ts'
import { TrialDetailsList } from '#app/components/trial-details-list.tsx'

/**
 * The contact block (anchor `contact`): the lead form, above it the trial's details, and the
 * school's contact details, with the map links unless the page already shows them («Как нас найти»
 * on the home page).
 */
export function ContactSection({ mapLinks = true }: { mapLinks?: boolean }) {
  return (
    <section
      id={anchors.contact}
      aria-labelledby="contact-heading"
      className="bg-brand-50 py-16 sm:py-20"
    >
      <div className="mx-auto grid max-w-6xl gap-10 px-4 md:grid-cols-2 md:items-start">
        <div>
          <h2 id="contact-heading" className="text-3xl font-extrabold text-brand-900 sm:text-4xl">
            {OTHER_TEXTS.contact.title}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{OTHER_TEXTS.contact.lead}</p>
          <ul className="mt-8 flex flex-col gap-4 text-lg">
            <li className="flex items-center gap-3">
              <Phone aria-hidden="true" className="size-6 shrink-0 text-brand-600" />
              <a
                href={`tel:${school.phone.tel}`}
                className="font-bold whitespace-nowrap text-brand-800 underline-offset-4 hover:underline"
              >
                {school.phone.short}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <MapPin aria-hidden="true" className="size-6 shrink-0 text-brand-600" />
              <span>{school.address.full}</span>
            </li>
            <OpeningHoursItem />
            {school.messenger && (
              <li className="flex items-center gap-3">
                <MessageCircle aria-hidden="true" className="size-6 shrink-0 text-brand-600" />
                <a
                  href={school.messenger.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-bold text-brand-800 underline-offset-4 hover:underline"
                >
                  {school.messenger.name}:{' '}
                  <span className="whitespace-nowrap">{school.messenger.contact}</span>
                </a>
              </li>
            )}
          </ul>
          {mapLinks && <MapLinks className="mt-6" />}
        </div>
        <div className="rounded-3xl bg-white p-6 shadow-lg sm:p-8">
          <TrialDetailsList className="mb-6" />
          <Island name="contact-form" component={ContactForm} props={{}} when="visible" />
        </div>
      </div>
    </section>
  )
}
