import { Armchair, CalendarDays, GraduationCap, MapPin, UsersRound } from 'lucide-react'
import type { ReactNode } from 'react'
import { SampleBadge } from '#app/components/sample-badge.tsx'
import {
  agesText,
  placeText,
  seatsText,
  sizeText,
  startText,
  type GroupEntry,
} from '#app/content/groups.ts'
import { seatsTone } from '#app/content/seats-text.ts'
import { teachers, type Teacher } from '#app/content/teachers.ts'

type GroupCardProps = {
  group: GroupEntry
  /** The card's heading: the days and time on a course page, the course on the timetable. */
  title: ReactNode
  headingLevel: 3 | 4
  /** Whom a group's teacher is looked up among: the site's teachers. */
  teacherList?: readonly Teacher[]
}

/**
 * One group: when it meets, for which ages, where, who teaches it and how many children it takes
 * when the owner said so, when it starts and the seats left.
 */
export function GroupCard({ group, title, headingLevel, teacherList = teachers }: GroupCardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  const teacher = teacherList.find(({ id }) => id === group.teacher)
  return (
    <article className="flex h-full flex-col gap-2 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <Heading className="text-lg font-extrabold text-brand-900">
        {title}
        <SampleBadge sample={group.sample} />
      </Heading>
      <p className="flex items-center gap-2 text-slate-700">
        <UsersRound aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
        {agesText(group)}
      </p>
      <p className="flex items-center gap-2 text-slate-700">
        <MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
        {placeText(group)}
      </p>
      {teacher && (
        <p className="flex items-center gap-2 text-slate-700">
          <GraduationCap aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
          <span>Преподаватель: {teacher.name}</span>
        </p>
      )}
      {group.size !== undefined && (
        <p className="flex items-center gap-2 text-slate-700">
          <Armchair aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
          {sizeText(group.size)}
        </p>
      )}
      <p className="flex items-center gap-2 text-slate-700">
        <CalendarDays aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
        {startText(group.startDate)}
      </p>
      {/* The owner's number for the first paint and without JavaScript; the live count after
          (islands/live-seats.ts, docs/decisions/0103-a-trial-she-holds.md). */}
      <p className={`mt-auto pt-2 font-bold ${seatsTone(group.seats)}`} data-seats-group={group.id}>
        {seatsText(group.seats)}
      </p>
    </article>
  )
}
