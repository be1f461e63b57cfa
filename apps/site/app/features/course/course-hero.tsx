import { ArrowLeft, CalendarDays, Clock, MapPin, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '#app/components/button-styles.ts'
import type { Course } from '#app/content/courses.ts'
import { ContactLink } from '#app/components/contact-link.tsx'
import { paths } from '#app/config/paths.ts'
import { CourseImage } from '#app/components/course-image.tsx'
import { LevelBadge } from './level-badge'

/** The picture's column: 0.9fr of the 72rem container from lg, the full width below. */
const HERO_IMAGE_SIZES = '(min-width: 1152px) 486px, (min-width: 1024px) 45vw, calc(100vw - 32px)'

type Tile = { label: string; value: string; icon: LucideIcon }

/** The top of a course page; the route composes the rest from sections. */
export function CourseHero({ course }: { course: Course }) {
  const tiles: Tile[] = [
    { label: 'Длительность', value: course.duration, icon: Clock },
    { label: 'Формат', value: course.format, icon: MapPin },
    { label: 'Старт', value: course.startDate, icon: CalendarDays },
  ]

  return (
    // Opening a course is the goal `openCourseDetails` (islands/page-behaviours.ts).
    <div
      data-goal-on-open="openCourseDetails"
      className="bg-linear-to-b from-brand-50 to-white pt-6 pb-12 sm:pt-8 sm:pb-16"
    >
      <div className="mx-auto max-w-6xl px-4">
        <Link
          to={paths.courses}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg font-bold text-brand-700 hover:text-brand-600"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          Назад к курсам
        </Link>
        <div className="mt-6 grid grid-cols-1 gap-10 lg:grid-cols-[1.1fr_0.9fr] lg:items-center">
          <div>
            <LevelBadge tone={course.levelTone}>{course.level}</LevelBadge>
            <h1 className="mt-4 text-3xl leading-tight font-extrabold text-balance text-brand-900 sm:text-5xl">
              {course.title}
            </h1>
            <p className="mt-5 text-lg text-slate-700">{course.description}</p>
            <dl className="mt-8 grid grid-cols-1 gap-2 min-[480px]:grid-cols-3 min-[480px]:gap-3">
              {tiles.map(({ label, value, icon: Icon }) => (
                // Only dt and dd may sit in a dl group, so the icon lives inside the dt.
                <div
                  key={label}
                  className="relative rounded-2xl bg-white py-3 pr-4 pl-17 shadow-sm ring-1 ring-slate-200 min-[480px]:pt-17 min-[480px]:pb-4 min-[480px]:pl-4"
                >
                  <dt className="text-sm text-slate-600">
                    <span className="absolute top-1/2 left-4 grid size-10 -translate-y-1/2 place-items-center rounded-xl bg-brand-100 text-brand-700 min-[480px]:top-4 min-[480px]:translate-y-0">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    {label}
                  </dt>
                  <dd className="font-extrabold text-brand-900">{value}</dd>
                </div>
              ))}
            </dl>
            <ContactLink
              className={buttonClass('accent', 'lg', 'mt-8 w-full sm:w-auto sm:min-w-56')}
            >
              Записаться
            </ContactLink>
          </div>
          <CourseImage
            image={course.image}
            priority
            sizes={HERO_IMAGE_SIZES}
            className="rounded-3xl shadow-lg ring-1 ring-slate-200"
          />
        </div>
      </div>
    </div>
  )
}
