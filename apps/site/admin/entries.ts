import {
  REVIEW_SOURCE_NAMES,
  WEEKDAY_SHORT,
  type ReviewSource,
  type Weekday,
} from '@it-lab/shared/content'
import { paths } from '@it-lab/shared/catalogue'
import { call, parsed, readFolder } from './api.ts'
import type { Option } from './sections.ts'
import { showDate } from './values.ts'

// What the editor's lists show of an entry, so the owner tells them apart at a glance (a group:
// its course, days, time and seats; a hidden course marked «скрыт»), which entries are still the
// shipped samples, and the site page where an entry shows.

export type Listed = { path: string; value: Record<string, unknown> }

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** The entries of a folder as saved, read once a visit each. */
const saved = new Map<string, Promise<Listed[]>>()

function savedEntries(folder: string, fresh: boolean): Promise<Listed[]> {
  let entries = saved.get(folder)
  if (fresh || entries === undefined) {
    entries = readFolder(folder).then((files) =>
      files.flatMap((file) => {
        const value = parsed(file)
        return value ? [{ path: file.file.path, value }] : []
      }),
    )
    saved.set(folder, entries)
    entries.catch(() => saved.delete(folder))
  }
  return entries
}

/** The courses as saved (one request a visit; a save of a course asks again). */
export function savedCourses(fresh = false): Promise<Listed[]> {
  return savedEntries('content/courses', fresh)
}

/** The teachers as saved, for a group's teacher (one request a visit; a save of one asks again). */
export function savedTeachers(fresh = false): Promise<Listed[]> {
  return savedEntries('content/teachers', fresh)
}

/** A saved teacher as a group names it: by the file's name, shown by the teacher's name. */
export function teacherOptions(list: readonly Listed[]): Option[] {
  return list
    .map(({ path, value }) => {
      const id = path.replace(/^.*\//, '').replace(/\.json$/, '')
      return { value: id, label: text(value.name) || id, order: Number(value.order) || 0 }
    })
    .toSorted((a, b) => a.order - b.order || a.label.localeCompare(b.label, 'ru'))
    .map(({ value, label }) => ({ value, label }))
}

export function courseOptions(list: readonly Listed[]): Option[] {
  return list
    .filter(({ value }) => typeof value.id === 'number')
    .toSorted((a, b) => Number(a.value.id) - Number(b.value.id))
    .map(({ value }) => ({
      value: String(value.id),
      label: `${String(value.id)}. ${text(value.title)}${value.hidden === true ? ' (скрыт)' : ''}`,
    }))
}

/** The number a new course takes: the next after the highest. */
export function nextCourseNumber(list: readonly Listed[]): number {
  return Math.max(0, ...list.map(({ value }) => Number(value.id) || 0)) + 1
}

/**
 * A number another course has, refused at its field: saving it would replace that course's file
 * (the content check sees one course 4 then, and cannot tell).
 */
export function takenNumber(
  list: readonly Listed[],
  id: unknown,
  path: string,
): string | undefined {
  const other = list.find((course) => course.path !== path && course.value.id === id)
  if (other === undefined) return undefined
  return `Номер ${String(id)} уже у курса «${text(other.value.title)}». Свободный номер — ${nextCourseNumber(list)}.`
}

const courseTitle = (list: readonly Listed[], id: unknown) =>
  text(list.find(({ value }) => String(value.id) === String(id))?.value.title) ||
  `курс ${String(id)}`

const seats = (count: unknown) =>
  typeof count !== 'number' ? 'мест: не указано' : count === 0 ? 'мест нет' : `мест: ${count}`

/** An entry's line in its section's list, and what sorts it there. */
export function summary(
  section: string,
  { value }: Listed,
  courseList: readonly Listed[],
): { title: string; detail?: string; hidden?: boolean; order: number | string } {
  switch (section) {
    case 'courses':
      return {
        title: `${String(value.id ?? '?')}. ${text(value.title)}`,
        hidden: value.hidden === true,
        order: Number(value.id) || 0,
      }
    case 'groups': {
      const days = Array.isArray(value.days)
        ? value.days.map((day) => WEEKDAY_SHORT[day as Weekday] ?? String(day)).join(', ')
        : ''
      return {
        title: courseTitle(courseList, value.course),
        detail: `${days} ${text(value.start)}–${text(value.end)}, ${seats(value.seats)}`,
        order: `${String(value.course).padStart(4, '0')} ${String(value.order ?? 0).padStart(3, '0')}`,
      }
    }
    case 'teachers':
      return { title: text(value.name), order: Number(value.order) || 0 }
    case 'photos':
      return { title: text(value.alt), order: Number(value.order) || 0 }
    case 'faq':
      return { title: text(value.question), order: Number(value.order) || 0 }
    case 'reviews':
      return {
        title: text(value.author),
        detail: [
          REVIEW_SOURCE_NAMES[value.source as ReviewSource],
          value.date ? showDate(text(value.date)) : '',
        ]
          .filter(Boolean)
          .join(', '),
        order: text(value.date),
      }
    default:
      return {
        title: text(value.title),
        detail: value.date ? showDate(text(value.date)) : undefined,
        order: text(value.date),
      }
  }
}

export type LaunchItem = { path: string; kind: string; text: string }
export type LaunchList = { items: LaunchItem[]; count: number }

let launch: Promise<LaunchList> | undefined

/** What the release check refuses still (samples, stand-in facts): asked again after a change. */
export function launchList(fresh = false): Promise<LaunchList> {
  if (fresh || launch === undefined) {
    launch = call<LaunchList>('launchBlockers')
    launch.catch(() => (launch = undefined))
  }
  return launch
}

/** The site page where an entry shows, for «На сайте с 14:32». */
export function pageOf(path: string, value: Record<string, unknown> | undefined): string {
  const folder = /^content\/(\w+)\//.exec(path)?.[1]
  if (folder === 'courses' && value?.id !== undefined) return paths.course(String(value.id))
  if (folder === 'groups' && value?.course !== undefined) return paths.course(String(value.course))
  if (folder === 'announcements') return paths.announcements
  return paths.home
}
