// The school's announcements (docs/behaviour.md, "Announcements"): one file each in
// content/announcements/, written by the owner's editor. The build shows the ones not yet over on
// the day it runs; an announcement past its last day disappears at the next build.
import { checkAnnouncements, ContentError, type AnnouncementFile } from '@it-lab/shared/content'
import { russianDate } from './courses.ts'

export type Announcement = {
  /** The file's name without .json: unique, so a stable key and anchor. */
  id: string
  title: string
  text: string
  /** The event's day as YYYY-MM-DD, and as '1 сентября 2026'. */
  date?: string
  dateText?: string
  /** The last day it is shown, as YYYY-MM-DD. */
  endDate?: string
}

/** At most this many on the home page; the announcements page lists all. */
export const HOME_ANNOUNCEMENTS = 3

/** Today in the school's city, as YYYY-MM-DD: an announcement ends at the end of its last day there. */
export function schoolToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Astrakhan' }).format(now)
}

/** The last day an announcement is shown: its end date, else its event's day; none: until deleted. */
function lastDay({ date, endDate }: AnnouncementFile): string | undefined {
  return endDate || date || undefined
}

/** The announcements shown on `today`: not yet over, dated ones first by date, then by file name. */
export function visibleAnnouncements(
  files: readonly { file: string; value: AnnouncementFile }[],
  today: string,
): Announcement[] {
  return files
    .filter(({ value }) => (lastDay(value) ?? today) >= today)
    .map(({ file, value }) => ({
      id: file.replace(/^.*\//, '').replace(/\.json$/, ''),
      title: value.title,
      text: value.text,
      ...(value.date ? { date: value.date, dateText: russianDate(value.date) } : {}),
      ...(value.endDate ? { endDate: value.endDate } : {}),
    }))
    .sort(
      (a, b) =>
        (a.date ?? '9999').localeCompare(b.date ?? '9999') || a.id.localeCompare(b.id, 'en'),
    )
}

/** The announcements of content/announcements/ shown today; throws a ContentError naming each problem. */
export function readAnnouncements(today = schoolToday()): Announcement[] {
  const { announcements, problems } = checkAnnouncements()
  if (problems.length > 0) throw new ContentError(problems)
  return visibleAnnouncements(announcements, today)
}

export const announcements: readonly Announcement[] =
  typeof __ANNOUNCEMENTS__ === 'undefined' ? readAnnouncements() : __ANNOUNCEMENTS__
