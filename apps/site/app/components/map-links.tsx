import { ExternalLink } from 'lucide-react'
import { mapLinks } from '@it-lab/shared/map-links'
import { school } from '#app/config/school.ts'

const LINKS = mapLinks({ address: `${school.city}, ${school.address.street}`, geo: school.geo })

/**
 * «Открыть на Яндекс Картах», «Открыть в 2ГИС»: plain links, so nothing of a map service loads
 * before a parent taps one (docs/decisions/0076-answers-reviews-way-licence.md).
 */
export function MapLinks({ className = '' }: { className?: string }) {
  return (
    <ul role="list" className={`flex list-none flex-wrap gap-3 ${className}`}>
      {LINKS.map(({ label, href }) => (
        <li key={href}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-white px-4 py-2 font-bold text-brand-800 shadow-sm ring-1 ring-slate-200 hover:text-brand-600"
          >
            {label}
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </li>
      ))}
    </ul>
  )
}
