// The content files the pages read besides the courses (content/prizes.json,
// content/trial-offer.json, content/promises.json, content/announcements/, content/pages/), as
// functions: the build calls them once to check every file and list every problem; the modules
// that show them (prizes.ts, course-extras.ts, promises.ts, quiz-promo.ts, trial-details.ts,
// announcements.ts, page-texts.ts, home-texts.ts) take the values the build baked in.
import {
  checkAnnouncements,
  ContentError,
  contentDir,
  contentSchemas,
  FIELD_LABELS,
  PAGE_TEXT_FILES,
  pageTextLabels,
  pageTextSchemas,
  readContentFile,
  type AnnouncementFile,
  type Checked,
  type ContentProblem,
  type PageTexts,
  type PrizesFile,
  type PromisesFile,
  type TrialOfferFile,
} from '@it-lab/shared/content'
import { russianDate } from './russian-date.ts'

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

/** content/prizes.json, checked; throws a ContentError naming each problem. */
export function readPrizes(): PrizesFile {
  const read = readContentFile('prizes.json', contentSchemas().prizes, FIELD_LABELS.prizes)
  if (!read.ok) throw new ContentError(read.problems)
  return read.value
}

/** content/trial-offer.json, checked; throws a ContentError naming each problem. */
export function readTrialOffer(): TrialOfferFile {
  const read = readContentFile(
    'trial-offer.json',
    contentSchemas().trialOffer,
    FIELD_LABELS.trialOffer,
  )
  if (!read.ok) throw new ContentError(read.problems)
  return read.value
}

/** content/promises.json, checked; throws a ContentError naming each problem. */
export function readPromises(): PromisesFile {
  const read = readContentFile('promises.json', contentSchemas().promises, FIELD_LABELS.promises)
  if (!read.ok) throw new ContentError(read.problems)
  return read.value
}

/**
 * The page texts of content/pages/ (docs/decisions/0071-page-texts.md), checked; throws a
 * ContentError naming every problem of every file.
 */
export function readPageTexts(dir = contentDir()): PageTexts {
  const problems: ContentProblem[] = []
  const labels = pageTextLabels()
  const schemas = pageTextSchemas()
  const value = <T>(checked: Checked<T>): T | undefined => {
    if (checked.ok) return checked.value
    problems.push(...checked.problems)
    return undefined
  }
  const {
    home: homeFile,
    course: courseFile,
    other: otherFile,
    search: searchFile,
  } = PAGE_TEXT_FILES
  const home = value(readContentFile(homeFile, schemas.home, labels.home, dir))
  const course = value(readContentFile(courseFile, schemas.course, labels.course, dir))
  const other = value(readContentFile(otherFile, schemas.other, labels.other, dir))
  const search = value(readContentFile(searchFile, schemas.search, labels.search, dir))
  if (!home || !course || !other || !search) throw new ContentError(problems)
  return { home, course, other, search }
}

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
