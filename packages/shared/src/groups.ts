// The school's groups (docs/decisions/0075-groups-and-trials.md): one file a group in
// content/groups/, written by the owner's editor. Shared by the site (the course pages, the
// timetable, the lead form's choice) and the lead service (which names a lead's group in the
// chat), as the course catalogue is (courses.ts). Only the groups of shown courses are here: a
// hidden course's groups go with it.
import { COURSE_CATALOGUE, HIDDEN_COURSES } from './courses.ts'
import { checkGroups, shownGroups, type GroupEntry } from './content/read.ts'
import { groupTimeText } from './content/group-lessons.ts'

export type { GroupEntry }
export { groupTimeText }

declare global {
  /** The shown groups as the site's build read them (content-plugin.ts); undefined in plain Node. */
  const __GROUPS__: readonly GroupEntry[] | undefined
}

/**
 * In plain Node (the lead service, the build's own scripts): the groups that pass their check. A
 * broken file is left out here, not thrown: the content check and the build list its problems,
 * and a module that merely imports the catalogue must not crash before they can.
 */
function readShownGroups(): GroupEntry[] {
  const ids = [...COURSE_CATALOGUE, ...HIDDEN_COURSES].map((course) => course.id)
  return shownGroups(checkGroups(ids).groups, COURSE_CATALOGUE)
}

/** The groups the site shows, in list order. */
export const GROUPS: readonly GroupEntry[] =
  typeof __GROUPS__ === 'undefined' ? readShownGroups() : __GROUPS__

/** The value the lead form sends for «другое время»: no group suits the parent. */
export const OTHER_TIME = 'other'

/** The shown group with this id, if any. */
export function groupEntry(id: string): GroupEntry | undefined {
  return GROUPS.find((group) => group.id === id)
}

/** The shown groups of one course, in list order. */
export function courseGroups(courseId: number): GroupEntry[] {
  return GROUPS.filter((group) => group.course === courseId)
}
