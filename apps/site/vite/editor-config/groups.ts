import {
  AGE_RANGE,
  COURSE_FORMATS,
  WEEKDAY_NAMES,
  GROUP_PLACE_MAX,
  GROUP_SEATS_MAX,
  WEEKDAYS,
  ORDER_MAX,
} from '@it-lab/shared/content'
import { label, wholeNumber, optionalNumber, choice, date, sampleTick } from './fields.ts'

// Groups: docs/decisions/0075-groups-and-trials.md.
const groupTime = (name: 'start' | 'end') => ({
  name,
  label: label('group', name),
  widget: 'string',
  hint: name === 'start' ? 'Например, 10:00' : 'Например, 11:30: позже начала',
})

/** The group's fields. Its course is one of the saved courses, listed by the editor as it opens. */
export const groupFields = [
  {
    name: 'course',
    label: label('group', 'course'),
    widget: 'select',
    collection: 'courses',
  },
  {
    name: 'days',
    label: label('group', 'days'),
    widget: 'select',
    multiple: true,
    min: 1,
    options: WEEKDAYS.map((value) => ({ value, label: WEEKDAY_NAMES[value] })),
  },
  groupTime('start'),
  groupTime('end'),
  wholeNumber('group', 'ageMin', AGE_RANGE.min, AGE_RANGE.max),
  wholeNumber('group', 'ageMax', AGE_RANGE.min, AGE_RANGE.max),
  choice('group', 'format', COURSE_FORMATS),
  {
    name: 'place',
    label: label('group', 'place'),
    widget: 'string',
    required: false,
    hint: `Коротко, до ${GROUP_PLACE_MAX} знаков: «кабинет 2». На сайте после формата: «Оффлайн, кабинет 2». Можно оставить пустым.`,
  },
  {
    // One of the saved teachers, by name; the file keeps the teacher's file name.
    name: 'teacher',
    label: label('group', 'teacher'),
    widget: 'select',
    collection: 'teachers',
    required: false,
    default: '',
    hint: 'Кто ведёт группу: выберите из преподавателей, сохранённых в разделе «Преподаватели». На сайте его имя будет на карточке группы. Можно оставить пустым.',
  },
  date(
    'group',
    'startDate',
    'Когда группа начнёт заниматься. Пусто или прошедшая дата — на сайте «Группа уже занимается».',
  ),
  {
    ...wholeNumber('group', 'seats', 0, GROUP_SEATS_MAX),
    hint: 'Сколько детей ещё можно взять. 0 — на сайте «мест нет — запишем в лист ожидания»: родители всё равно могут оставить заявку в эту группу.',
  },
  optionalNumber(
    wholeNumber('group', 'size', 1, GROUP_SEATS_MAX),
    'Сколько детей в группе всего, вместе с уже записанными: не меньше, чем свободных мест. На сайте: «В группе до 8 детей». Можно оставить пустым.',
  ),
  {
    ...wholeNumber('group', 'order', 0, ORDER_MAX),
    default: 0,
    hint: 'Меньше — выше в списке групп курса. Одинаковые — по дате создания.',
  },
  sampleTick(),
]
