// The school's groups as the pages show them (docs/decisions/0075-groups-and-trials.md):
// the build read content/groups/ and baked the groups of shown courses in (`__GROUPS__`, through
// @it-lab/shared's catalogue). Pure shaping, so the section, the timetable and the lead form say
// the same words.
import {
  GROUPS,
  WEEKDAY_NAMES,
  WEEKDAYS,
  courseGroups,
  groupTimeText,
  type GroupEntry,
  type Weekday,
} from '@it-lab/shared/catalogue'
import { pluralRu, type RussianPluralForms } from './plural.ts'
import { russianDate } from './russian-date.ts'
import { NO_SEATS, SEAT_FORMS, seatsText } from './seats-text.ts'

export type { GroupEntry }
export { GROUPS, courseGroups, groupTimeText }

export { NO_SEATS, SEAT_FORMS, seatsText }
const YEAR_FORMS: RussianPluralForms = ['год', 'года', 'лет']

/** «В группе до 8 детей», «до 21 ребёнка»: the group's places in all, free and taken. */
export function sizeText(size: number): string {
  return `В группе до ${size} ${pluralRu(size, ['ребёнка', 'детей', 'детей'])}`
}

/** «Старт 1 сентября 2027», or «Группа уже занимается» when no start is set (or it is past). */
export function startText(startDate: string): string {
  return startDate ? `Старт ${russianDate(startDate)}` : 'Группа уже занимается'
}

/** «7–10 лет», «14 лет»: a group's ages. */
export function agesText({ ageMin, ageMax }: Pick<GroupEntry, 'ageMin' | 'ageMax'>): string {
  const years = pluralRu(ageMax, YEAR_FORMS)
  return ageMin === ageMax ? `${ageMin} ${years}` : `${ageMin}–${ageMax} ${years}`
}

/** «Оффлайн, кабинет 2», or «Онлайн» alone when no place is written. */
export function placeText({ format, place }: Pick<GroupEntry, 'format' | 'place'>): string {
  return place ? `${format}, ${place}` : format
}

/**
 * Under a group's days and time in the lead form, over its dates: «14–17 лет, осталось 2 места»,
 * or «…, лист ожидания» for a full group, whose lead waits for a seat.
 */
export function groupChoiceDetails(group: GroupEntry): string {
  return `${agesText(group)}, ${group.seats > 0 ? seatsText(group.seats) : 'лист ожидания'}`
}

/** One day of the timetable: its name and the groups meeting that day, earliest first. */
export type ScheduleDay = { day: Weekday; name: string; groups: GroupEntry[] }

/**
 * The timetable by weekday: a parent looks for the day the child is free. A group meeting on
 * Monday and Wednesday is under both; days without a group are left out.
 */
export function scheduleByDay(groups: readonly GroupEntry[]): ScheduleDay[] {
  return WEEKDAYS.map((day) => ({
    day,
    name: WEEKDAY_NAMES[day],
    groups: groups
      .filter((group) => group.days.includes(day))
      .sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end)),
  })).filter(({ groups: meeting }) => meeting.length > 0)
}
