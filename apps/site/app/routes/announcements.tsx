import { paths } from '#app/config/paths.ts'
import { announcements } from '#app/content/announcements.ts'
import { OTHER_TEXTS } from '#app/content/page-texts.ts'
import { AnnouncementList } from '#app/features/announcements/announcement-list.tsx'
import { seo } from '#app/lib/seo.ts'
import { announcementEventJsonLd, jsonLdMeta } from '#app/lib/structured-data.ts'
import { ContactSection } from '#app/sections/contact-section.tsx'

export const meta = () => [
  ...seo({ ...__SEARCH_TEXTS__.announcements, path: paths.announcements }),
  // A dated announcement is an event: search engines may show it with its day.
  ...announcements.flatMap(({ date, ...item }) =>
    date ? [jsonLdMeta(announcementEventJsonLd({ ...item, date }))] : [],
  ),
]

export default function AnnouncementsPage() {
  return (
    <>
      <section
        aria-labelledby="announcements-page-heading"
        className="bg-brand-700 bg-linear-to-br from-brand-600 to-brand-800 py-14 text-white sm:py-20"
      >
        <div className="mx-auto max-w-6xl px-4">
          <h1
            id="announcements-page-heading"
            className="text-4xl leading-tight font-extrabold sm:text-5xl"
          >
            {OTHER_TEXTS.announcements.title}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-50 sm:text-xl">
            {OTHER_TEXTS.announcements.lead}
          </p>
        </div>
      </section>
      {/* In the first screen and often short: drawn with the page, not as it nears the viewport,
          whose 40rem stand-in would push the contact form down (docs/performance.md, "Render
          when near"). */}
      <section
        aria-label="Список объявлений"
        className="py-12 [content-visibility:visible] sm:py-16"
      >
        <div className="mx-auto max-w-6xl px-4">
          {announcements.length === 0 ? (
            <p className="text-lg text-slate-700">
              Сейчас объявлений нет. Расписание и свободные места в группах подскажем по телефону
              или в ответ на заявку.
            </p>
          ) : (
            <AnnouncementList announcements={announcements} headingLevel={2} />
          )}
        </div>
      </section>
      <ContactSection />
    </>
  )
}
