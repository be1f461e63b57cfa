import { CONTENT_ROOT as CONTENT } from '@it-lab/shared/content'

// How the owner knows a content file, in her words: in the content service's refusals («нужна на
// сайте — курс «Python»») and in each commit's subject, which the chat repeats on publishing
// («✅ Опубликовано: «Правка: курс 4 — Python»»).

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A group by its course and time: «группа курса 4, 10:00–11:30» (docs/decisions/0075). */
function groupSubject(data: unknown): string {
  if (!isRecord(data)) return 'группа'
  const course = typeof data.course === 'string' || typeof data.course === 'number'
  const time = typeof data.start === 'string' && typeof data.end === 'string'
  return [
    'группа',
    course ? ` курса ${String(data.course)}` : '',
    time ? `, ${data.start}–${data.end}` : '',
  ].join('')
}

/** A question or a review, by its words: «вопрос «Сколько длится занятие?»», «отзыв мамы Маши». */
function answersSubject(file: string, data: unknown): string | undefined {
  const field = (name: string) =>
    isRecord(data) && typeof data[name] === 'string' ? `«${data[name]}»` : ''
  if (file.startsWith(`${CONTENT}/faq/`)) return `вопрос ${field('question')}`.trim()
  if (file.startsWith(`${CONTENT}/reviews/`)) return `отзыв ${field('author')}`.trim()
  return undefined
}

/** How the owner knows a content file: by its editor section and title. */
export function describe(file: string, data: unknown): string {
  const title = isRecord(data) && typeof data.title === 'string' ? `«${data.title}»` : ''
  if (file.startsWith(`${CONTENT}/courses/`)) return `курс ${title}`.trim()
  if (file.startsWith(`${CONTENT}/announcements/`)) return `объявление ${title}`.trim()
  if (file.startsWith(`${CONTENT}/groups/`)) return groupSubject(data)
  const named = (key: string) => (isRecord(data) && typeof data[key] === 'string' ? data[key] : '')
  if (file.startsWith(`${CONTENT}/teachers/`)) return `преподаватель ${named('name')}`.trim()
  if (file.startsWith(`${CONTENT}/photos/`)) {
    return `фото ${named('alt') ? `«${named('alt')}»` : ''}`.trim()
  }
  const answers = answersSubject(file, data)
  if (answers) return answers
  const sections: Record<string, string> = {
    [`${CONTENT}/school.json`]: '«Сведения о школе → Контакты и реквизиты»',
    [`${CONTENT}/prizes.json`]: '«Сведения о школе → Призы»',
    [`${CONTENT}/trial-offer.json`]: '«Сведения о школе → Пробный урок»',
    [`${CONTENT}/promises.json`]: '«Сведения о школе → Обещания и скидки»',
  }
  return sections[file] ?? file
}

/** What a content file is, for a commit's subject: plain words, no file names. */
export function subjectOf(file: string, data: unknown): string {
  const title = isRecord(data) && typeof data.title === 'string' ? data.title : ''
  const id = isRecord(data) && typeof data.id === 'number' ? `${data.id} ` : ''
  if (file.startsWith(`${CONTENT}/courses/`)) return `курс ${id}${title ? `— ${title}` : ''}`.trim()
  if (file.startsWith(`${CONTENT}/announcements/`)) return `объявление ${title}`.trim()
  if (file.startsWith(`${CONTENT}/groups/`)) return groupSubject(data)
  // «Новое: преподаватель Имя Фамилия», «Правка: фото «Дети собирают робота»».
  if (file.startsWith(`${CONTENT}/teachers/`) || file.startsWith(`${CONTENT}/photos/`)) {
    return describe(file, data)
  }
  const answers = answersSubject(file, data)
  if (answers) return answers
  const named: Record<string, string> = {
    [`${CONTENT}/pages/home.json`]: 'тексты главной страницы',
    [`${CONTENT}/pages/course.json`]: 'тексты страницы курса',
    [`${CONTENT}/pages/other.json`]: 'тексты каталога, объявлений и записи',
    [`${CONTENT}/pages/search.json`]: 'заголовки и описания для поиска',
  }
  return named[file] ?? describe(file, data)
}

/** A JSON file's data, or nothing when it does not parse. */
export function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}

/**
 * A commit's subject as one line of plain text: whatever a title holds (a line break, a control
 * character, a thousand characters), the subject stays one line that git and the chat show as is.
 */
export function commitSubject(text: string): string {
  const line = text.replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ').trim()
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}

/** A field's path after its label is for the developer: «Цены» (prices.basic) → «Цены». */
export const withoutFieldPaths = (text: string): string => text.replace(/(») \([\w.[\]]+\)/g, '$1')
