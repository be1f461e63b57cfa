import type { ContentProblem } from './problems.ts'
import { lastsText, minutesBetween, timesAWeekText } from './lessons.ts'
import { contentFileName, type GroupRead } from './read.ts'
import { FIELD_LABELS, WEEKDAY_SHORT, WEEKDAYS, type CourseFile } from './schema.ts'

// A group meets as its course says (docs/decisions/0087-a-month-is-its-lessons.md): the course's
// «в месяц» figures are counted from its lessons a week, so a group meeting another number of
// times, or for lessons of another length, would make them untrue for its parents.

/** «Пн, Ср 17:00–18:30»: the days in the week's order, then the time (the site's and the owner's). */
export function groupTimeText(group: Pick<GroupRead, 'days' | 'start' | 'end'>): string {
  const days = WEEKDAYS.filter((day) => group.days.includes(day)).map((day) => WEEKDAY_SHORT[day])
  return `${days.join(', ')} ${group.start}–${group.end}`
}

/**
 * Each group whose lessons a week are not among its course's, or whose lesson is not the course's
 * length when the course states one. `courses`: every course file, hidden ones included.
 */
export function groupLessonProblems(
  groups: readonly GroupRead[],
  courses: readonly CourseFile[],
  dir: string,
): ContentProblem[] {
  const problems: ContentProblem[] = []
  for (const group of groups) {
    const course = courses.find(({ id }) => id === group.course)
    if (!course) continue
    const file = contentFileName(`${dir}/groups/${group.id}.json`, dir)
    const named = `группа «${groupTimeText(group)}»`
    const ofCourse = `у курса №${course.id} «${course.title}»`
    const times = group.days.length
    if (!course.lessonsPerWeek.includes(times)) {
      problems.push({
        file,
        field: 'days',
        label: FIELD_LABELS.group.days,
        rule: `${named} занимается ${timesAWeekText([times])}, а ${ofCourse} в поле «${FIELD_LABELS.course.lessonsPerWeek}» — ${timesAWeekText(course.lessonsPerWeek)}: исправьте дни группы или это поле курса`,
        received: group.days,
      })
    }
    const minutes = minutesBetween(group.start, group.end)
    if (course.lessonMinutes !== undefined && minutes !== undefined) {
      if (minutes !== course.lessonMinutes) {
        problems.push({
          file,
          field: 'end',
          label: FIELD_LABELS.group.end,
          rule: `занятие группы «${groupTimeText(group)}» длится ${lastsText(minutes)}, а ${ofCourse} — ${lastsText(course.lessonMinutes)}: исправьте время группы или поле «${FIELD_LABELS.course.lessonMinutes}» курса`,
          received: group.end,
        })
      }
    }
  }
  return problems
}
