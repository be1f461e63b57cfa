import {
  CONTENT_ROOT as CONTENT,
  editorPath,
  FACT_LABELS,
  FACT_NAME_LABELS,
  FIELD_LABELS,
  LEVEL_NAMES,
  PAGE_TEXT_FILES,
  pageTextLabels,
  REVIEW_SOURCE_NAMES,
  russianNumber,
  UPLOADS_PATH,
  WEEKDAY_NAMES,
  type EntryFolder,
  type PageTextKind,
} from '@it-lab/shared/content'
import { parsed } from './subjects.ts'

// What one change of a content file did, in the owner's words, field by field, with the labels
// her editor shows («Цены → Разовое посещение: 1 750 → 17 500 ₽»): the history she
// undoes a change from (history.ts). A value that is not words to her (a picture's or a link's
// address, an answer's code, a long text) is named, not quoted.

const ENTRY_LABELS: Readonly<Record<EntryFolder, Record<string, string>>> = {
  courses: FIELD_LABELS.course,
  announcements: FIELD_LABELS.announcement,
  groups: FIELD_LABELS.group,
  teachers: FIELD_LABELS.teacher,
  photos: FIELD_LABELS.photo,
  faq: FIELD_LABELS.faq,
  reviews: FIELD_LABELS.review,
}

const FILE_LABELS: Readonly<Record<string, Record<string, string>>> = {
  [`${CONTENT}/school.json`]: FACT_LABELS,
  [`${CONTENT}/prizes.json`]: FIELD_LABELS.prizes,
  [`${CONTENT}/trial-offer.json`]: FIELD_LABELS.trialOffer,
  [`${CONTENT}/promises.json`]: FIELD_LABELS.promises,
}

/** The words of the fields whose values are codes, by the field's path. */
const VALUE_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  level: LEVEL_NAMES,
  days: WEEKDAY_NAMES,
  'openingHours.days': WEEKDAY_NAMES,
  source: REVIEW_SOURCE_NAMES,
  demo: FACT_NAME_LABELS,
}

/** Longer than this (or on several lines), a text is «изменён текст», not quoted whole. */
const TEXT_SHOWN_MAX = 80
/** A long item of a list («Чему научится ребёнок») is quoted up to this many characters. */
const ITEM_SHOWN_MAX = 60

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
/** A value the editor picks from a list: `games`, `blue`, `notebook-pen`. */
const CODE = /^[a-z][a-z0-9-]*$/
const LINK = /^https?:\/\//

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isEmpty = (value: unknown) => value === undefined || value === null || value === ''

const isLongText = (value: unknown) =>
  typeof value === 'string' && (value.length > TEXT_SHOWN_MAX || value.includes('\n'))

function labelsOf(file: string): Record<string, string> {
  const found = editorPath(file)
  if (found?.kind === 'entry') return ENTRY_LABELS[found.folder]
  const page = (Object.keys(PAGE_TEXT_FILES) as PageTextKind[]).find(
    (kind) => file === `${CONTENT}/${PAGE_TEXT_FILES[kind]}`,
  )
  return page === undefined ? (FILE_LABELS[file] ?? {}) : pageTextLabels()[page]
}

/** A value in words, or undefined when it is not words to the owner (a code, an address…). */
function shown(value: unknown, names: Readonly<Record<string, string>> = {}): string | undefined {
  if (isEmpty(value)) return 'пусто'
  if (typeof value === 'boolean') return value ? 'да' : 'нет'
  if (typeof value === 'number') return russianNumber(value)
  if (typeof value !== 'string') return undefined
  if (Object.hasOwn(names, value)) return names[value]
  const date = ISO_DATE.exec(value)
  if (date) return `${date[3]}.${date[2]}.${date[1]}`
  if (CODE.test(value) || LINK.test(value) || value.startsWith(UPLOADS_PATH)) return undefined
  return isLongText(value) ? undefined : `«${value}»`
}

/** What changed in a value that cannot be quoted: a picture, a link, a long text or a choice. */
function unquotable(values: unknown[]): string {
  const texts = values.filter((value): value is string => typeof value === 'string')
  if (texts.some((value) => value.startsWith(UPLOADS_PATH))) return 'другая картинка'
  if (texts.some((value) => LINK.test(value))) return 'другая ссылка'
  if (texts.some(isLongText)) return 'изменён текст'
  return 'изменён выбор'
}

/** The items of `list` that `other` lacks (each as many times as it is missing). */
function missingFrom(list: unknown[], other: unknown[]): unknown[] {
  const rest = [...other]
  return list.filter((item) => {
    const index = rest.indexOf(item)
    if (index === -1) return true
    rest.splice(index, 1)
    return false
  })
}

/** An item of a list in words: a long text by its beginning. */
function itemShown(item: unknown, names?: Readonly<Record<string, string>>): string | undefined {
  if (typeof item === 'string' && isLongText(item) && !CODE.test(item)) {
    return `«${item.replace(/\s+/g, ' ').slice(0, ITEM_SHOWN_MAX).trimEnd()}…»`
  }
  return shown(item, names)
}

function listChange(label: string, path: string, before: unknown[], after: unknown[]): string {
  if ([...before, ...after].some((item) => typeof item === 'object' && item !== null)) {
    return `${label}: было ${before.length}, стало ${after.length}`
  }
  const added = missingFrom(after, before)
  const removed = missingFrom(before, after)
  if (added.length === 0 && removed.length === 0) return `${label}: изменён порядок`
  const words = (items: unknown[]) => items.map((item) => itemShown(item, VALUE_NAMES[path]))
  const parts = [
    ['добавлено', words(added)],
    ['убрано', words(removed)],
  ] as const
  if (parts.some(([, items]) => items.includes(undefined))) return `${label}: изменён выбор`
  return `${label}: ${parts
    .filter(([, items]) => items.length > 0)
    .map(([what, items]) => `${what}: ${items.join(', ')}`)
    .join('; ')}`
}

type Walk = { labels: Record<string, string>; prices: boolean; lines: string[]; other: boolean }

/** The label of a field, or of the nearest field it is part of. */
function labelOf(labels: Record<string, string>, path: string): string | undefined {
  const parts = path.split('.')
  for (let length = parts.length; length > 0; length -= 1) {
    const label = labels[parts.slice(0, length).join('.')]
    if (label !== undefined) return label
  }
  return undefined
}

function walk(before: unknown, after: unknown, path: string, state: Walk): void {
  if (JSON.stringify(before) === JSON.stringify(after)) return
  if (isRecord(before) || isRecord(after)) {
    const was = isRecord(before) ? before : {}
    const now = isRecord(after) ? after : {}
    for (const key of new Set([...Object.keys(now), ...Object.keys(was)])) {
      walk(was[key], now[key], path ? `${path}.${key}` : key, state)
    }
    return
  }
  const label = labelOf(state.labels, path)
  if (label === undefined) {
    state.other = true
    return
  }
  if (Array.isArray(before) || Array.isArray(after)) {
    const list = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : [])
    const sameLength = list(before).length === list(after).length
    if (sameLength && [...list(before), ...list(after)].some(isRecord)) {
      // Items of the same list (prizes, opening hours) compared one by one, field by field.
      list(after).forEach((item, index) => walk(list(before)[index], item, path, state))
      return
    }
    state.lines.push(listChange(label, path, list(before), list(after)))
    return
  }
  const names = VALUE_NAMES[path]
  const [was, now] = [shown(before, names), shown(after, names)]
  const price = state.prices && path.startsWith('prices.') ? '\u00a0₽' : ''
  state.lines.push(
    was !== undefined && now !== undefined
      ? `${label}: ${was} → ${now}${price}`
      : `${label}: ${unquotable([before, after])}`,
  )
}

/**
 * What a change did to a content file (its text before and after; null when there was none), one
 * line a field: «Новая запись», «Удалена», «Цены → Разовое посещение: 1 750 → 17 500 ₽»,
 * «Описание: изменён текст», «Дни занятий: добавлено: Суббота; убрано: Вторник».
 */
export function describeChanges(file: string, before: string | null, after: string | null) {
  if (before === null) return ['Новая запись']
  if (after === null) return ['Удалена']
  const [was, now] = [parsed(before), parsed(after)]
  if (!isRecord(was) || !isRecord(now)) return ['Запись изменена']
  const found = editorPath(file)
  const state: Walk = {
    labels: labelsOf(file),
    prices: found?.kind === 'entry' && found.folder === 'courses',
    lines: [],
    other: false,
  }
  walk(was, now, '', state)
  const lines = [...new Set(state.lines)]
  if (state.other) lines.push('Изменены другие поля')
  return lines.length > 0 ? lines : ['Поля не изменились']
}
