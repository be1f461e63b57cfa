import { ArrowRight, Clock, MapPin } from 'lucide-react'
import { Link } from 'react-router'
import type { Course } from '#app/content/courses.ts'
import { paths } from '#app/config/paths.ts'
import { CourseImage } from '#app/components/course-image.tsx'
import { LevelBadge } from './level-badge'
import { formatRubles } from './price-plans'

/** The card's width in the grid of course-grid.tsx: 3, 2 or 1 columns in a 72rem container. */
const CARD_IMAGE_SIZES =
  '(min-width: 1024px) 357px, (min-width: 640px) calc(50vw - 28px), calc(100vw - 32px)'

type CourseCardProps = {
  course: Course
  /** h2 on the catalogue (under its h1), h3 inside a home-page section. */
  headingLevel?: 2 | 3
  eagerImage?: boolean
  /** The first card of a page that opens with the grid: its picture is the largest paint. */
  priorityImage?: boolean
}

/** One course in a grid; the whole card links to /course/{id} through its title link. */
export function CourseCard({
  course,
  headingLevel = 3,
  eagerImage = false,
  priorityImage = false,
}: CourseCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const lowestPrice = Math.min(...Object.values(course.prices))
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow focus-within:shadow-lg hover:shadow-lg">
      <CourseImage
        image={course.image}
        eager={eagerImage}
        priority={priorityImage}
        sizes={CARD_IMAGE_SIZES}
      />
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <LevelBadge tone={course.levelTone} className="self-start">
          {course.level}
        </LevelBadge>
        <Heading className="mt-3 text-xl leading-snug font-extrabold text-brand-900">
          <Link
            to={paths.course(course.id)}
            className="rounded-sm after:absolute after:inset-0 after:rounded-3xl after:content-[''] group-hover:text-brand-600 focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-accent-500"
          >
            {course.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-slate-600">{course.description}</p>
        <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm font-bold text-slate-700">
          <li className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4 text-brand-600" />
            {course.duration}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4 text-brand-600" />
            {course.format}
          </li>
        </ul>
        <div className="mt-auto flex items-end justify-between gap-3 pt-5">
          <p className="text-slate-700">
            от{' '}
            <span className="text-lg font-extrabold text-brand-900">
              {formatRubles(lowestPrice)}
            </span>{' '}
            за занятие
          </p>
          <span
            aria-hidden="true"
            className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-500 text-slate-900 transition-transform group-hover:translate-x-1"
          >
            <ArrowRight className="size-5" />
          </span>
        </div>
      </div>
    </article>
  )
}
