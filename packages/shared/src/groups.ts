// The school's groups (docs/decisions/0075-groups-and-a-trial-in-a-group.md): one file a group in
// content/groups/, written by the owner's editor. Shared by the site (the course pages, the
// timetable, the lead form's choice) and the lead service (which names a lead's group in the
// chat), as the course catalogue is (courses.ts). Only the groups of shown courses are here: a
// hidden course's groups go with it.
import { COURSE_CATALOGUE, HIDDEN_COURSES } from './courses.ts'
import { checkGroups, type GroupRead } from './content/read.ts'
import { ContentError } from './content/problems.ts'
import { GROUP_DAY_NAMES, GROUP_WEEKDAYS, type GroupWeekday } from './content/schema.ts'

export { GROUP_DAY_NAMES, GROUP_WEEKDAYS, type GroupWeekday }

/** A group as the pages show it: its file without the editor's bookkeeping (`order`). */
export type GroupEntry = Omit<GroupRead, 'order'>

declare global {
  /** The shown groups as the site's build read them (content-plugin.ts); undefined in plain Node. */
  const __GROUPS__: readonly GroupEntry[] | undefined
}

/** The groups of shown courses, in list order, without `order`. */
export function shownGroups(
  groups: readonly GroupRead[],
  courses: readonly { id: number }[],
): GroupEntry[] {
  return groups
    .filter((group) => courses.some((course) => course.id === group.course))
    .map(({ order: _order, ...group }) => group)
}

function readShownGroups(): GroupEntry[] {
  const ids = [...COURSE_CATALOGUE, ...HIDDEN_COURSES].map((course) => course.id)
  const { groups, problems } = checkGroups(ids)
  if (problems.length > 0) throw new ContentError(problems)
  return shownGroups(groups, COURSE_CATALOGUE)
}

/** The groups the site shows, in list order. */
export const GROUPS: readonly GroupEntry[] =
  typeof __GROUPS__ === 'undefined' ? readShownGroups() : __GROUPS__

/** The value the lead form sends for «другое время»: no group suits the parent. */
export const OTHER_TIME = 'other'

/** The weekdays as the site writes them. */
export const WEEKDAY_SHORT: Readonly<Record<GroupWeekday, string>> = {
  Monday: 'Пн',
  Tuesday: 'Вт',
  Wednesday: 'Ср',
  Thursday: 'Чт',
  Friday: 'Пт',
  Saturday: 'Сб',
  Sunday: 'Вс',
}
/** «Пн, Ср 17:00–18:30»: the days in the week's order, then the time. */
export function groupTimeText(group: Pick<GroupEntry, 'days' | 'start' | 'end'>): string {
  const days = GROUP_WEEKDAYS.filter((day) => group.days.includes(day)).map((day) => WEEKDAY_SHORT[day])
  return `${days.join(', ')} ${group.start}–${group.end}`
}

/** The shown group with this id, if any. */
export function groupEntry(id: string): GroupEntry | undefined {
  return GROUPS.find((group) => group.id === id)
}

/** The shown groups of one course, in list order. */
export function courseGroups(courseId: number): GroupEntry[] {
  return GROUPS.filter((group) => group.course === courseId)
}
