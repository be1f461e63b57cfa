import { GROUPS } from '@it-lab/shared/catalogue'
import { Link } from 'react-router'
import { paths } from '#app/config/paths.ts'
import { school } from '#app/config/school.ts'
import { findCourse } from '#app/content/courses.ts'
import { scheduleByDay, type GroupEntry } from '#app/content/groups.ts'
import { GroupCard } from '#app/features/groups/group-card.tsx'
import { seo } from '#app/lib/seo.ts'
import { ContactSection } from '#app/sections/contact-section.tsx'
import NotFoundPage from './not-found.tsx'

// The school's timetable (docs/decisions/0075-groups-and-trials.md): by weekday, as a
// parent looks for the day the child is free. Prerendered and linked only while there is a group.

const DAYS = scheduleByDay(GROUPS)

export const meta = () =>
  seo({
    title: `Расписание групп — ${school.titleSuffix}`,
    description: `Расписание групп ${school.name} по дням недели: время, возраст, где занимаются и сколько осталось свободных мест. Запишитесь на пробный урок в удобную группу.`,
    path: paths.schedule,
    noindex: DAYS.length === 0,
  })

function CourseLink({ group }: { group: GroupEntry }) {
  const course = findCourse(String(group.course))
  return (
    <>
      <span className="block text-base font-bold text-brand-700">
        {group.start}–{group.end}
      </span>
      <Link to={paths.course(group.course)} className="underline-offset-4 hover:underline">
        {course?.title ?? `Курс №${group.course}`}
      </Link>
    </>
  )
}

export default function SchedulePage() {
  // Not prerendered then; a link followed in the app still says the page is not there.
  if (DAYS.length === 0) return <NotFoundPage />
  return (
    <>
      <section
        aria-labelledby="schedule-heading"
        className="bg-brand-700 bg-linear-to-br from-brand-600 to-brand-800 py-14 text-white sm:py-20"
      >
        <div className="mx-auto max-w-6xl px-4">
          <h1 id="schedule-heading" className="text-4xl leading-tight font-extrabold sm:text-5xl">
            Расписание
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-50 sm:text-xl">
            Группы по дням недели: время, возраст и свободные места. Выберите группу на странице
            курса — и запишитесь на бесплатный пробный урок.
          </p>
        </div>
      </section>
      <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-12 [content-visibility:visible] sm:py-16">
        {DAYS.map(({ day, name, groups }) => (
          <section key={day} aria-labelledby={`day-${day}`}>
            <h2 id={`day-${day}`} className="text-2xl font-extrabold text-brand-900 sm:text-3xl">
              {name}
            </h2>
            <ul role="list" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {groups.map((group) => (
                <li key={group.id}>
                  <GroupCard group={group} title={<CourseLink group={group} />} headingLevel={3} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <ContactSection />
    </>
  )
}
