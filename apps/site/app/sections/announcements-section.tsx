import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { paths } from '#app/config/paths.ts'
import {
  announcements as allAnnouncements,
  HOME_ANNOUNCEMENTS,
  type Announcement,
} from '#app/content/announcements.ts'
import { AnnouncementList } from '#app/features/announcements/announcement-list.tsx'
import { HOME_TEXTS } from '#app/content/home-texts.ts'

/** The home page's announcements: the first few, and a link to all; absent when there are none. */
export function AnnouncementsSection({
  announcements = allAnnouncements,
}: {
  announcements?: readonly Announcement[]
}) {
  if (announcements.length === 0) return null
  return (
    <section aria-labelledby="announcements-heading" className="bg-brand-50 py-12 sm:py-16">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="announcements-heading" {...HOME_TEXTS.announcements} />
        <div className="mt-8">
          <AnnouncementList
            announcements={announcements.slice(0, HOME_ANNOUNCEMENTS)}
            headingLevel={3}
          />
        </div>
        <p className="mt-6">
          <Link
            to={paths.announcements}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg font-bold text-brand-700 hover:text-brand-600"
          >
            Все объявления
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        </p>
      </div>
    </section>
  )
}
