import { CalendarDays } from 'lucide-react'
import type { Announcement } from '#app/content/announcements.ts'

type AnnouncementListProps = {
  announcements: readonly Announcement[]
  /** h3 inside a home-page section, h2 on the announcements page. */
  headingLevel: 2 | 3
}

/** The announcements as cards: title, the event's day when it has one, the text. */
export function AnnouncementList({ announcements, headingLevel }: AnnouncementListProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <ul role="list" className="grid list-none grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
      {announcements.map((item) => (
        <li key={item.id} id={`announcement-${item.id}`}>
          <article className="h-full rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <Heading className="text-xl leading-snug font-extrabold text-brand-900">
              {item.title}
            </Heading>
            {item.date && item.dateText && (
              <p className="mt-2 inline-flex items-center gap-1.5 text-sm font-bold text-brand-700">
                <CalendarDays aria-hidden="true" className="size-4" />
                <time dateTime={item.date}>{item.dateText}</time>
              </p>
            )}
            <p className="mt-3 text-slate-700">{item.text}</p>
          </article>
        </li>
      ))}
    </ul>
  )
}
