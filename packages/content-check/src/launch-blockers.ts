// What still stands between the site and its launch (docs/decisions/0084-preview-before-the-launch.md):
// the sample entries the repository ships (0073), the facts that are still its stand-ins (0025),
// a placeholder or a sample's words left in any content file, the promises the owner has still to
// confirm and a prize draw or promo code shown without its terms (0089). One source: `npm run check:content`
// lists these items, the release check refuses them, a preview build accepts them, and the editor
// can show the same items to the owner.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import {
  FIELD_LABELS,
  isEditorPath,
  PAGE_TEXT_FILES,
  pageTextLabels,
  SAMPLE_FIELD_LABEL,
} from '@it-lab/shared/content'
import {
  FACT_LABELS,
  FACT_NAME_LABELS,
  FACT_NAMES,
  FACTS_FILE,
} from '@it-lab/shared/school-facts-schema'
import { SHIPPED_SAMPLE_TEXTS } from './shipped-samples.ts'

export type LaunchItem = {
  /** The content file to change, as the repository names it (content/teachers/….json). */
  file: string
  kind:
    | 'sample-entry'
    | 'sample-words'
    | 'sample-fact'
    | 'stand-in'
    | 'placeholder'
    | 'site-url'
    | 'missing-terms'
  /** The words that name it for the owner: the entry's name, or the fact's label. */
  subject: string
  /** What to do, in Russian: the owner reads it (the chat, check:content). */
  text: string
  /** The content's strings it covers: a built page showing one of them shows this item. */
  values: string[]
}

/** A content file other than the facts, as read. */
export type ContentFile = { file: string; value: unknown }

/** Text that marks a stand-in, wherever it appears. */
export const PLACEHOLDER_PATTERNS: readonly RegExp[] = [
  /\[[^\]\n]{1,60}\]/, // '[Улица]', '[0]'
  /ДЕМО|PLACEHOLDER|TODO/i,
  /https?:\/\/(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\])(?::\d+)?/,
  /[\w.-]+\.(?:example|test|invalid|localhost)\b/, // reserved domains (RFC 2606)
  /\bexample\.(?:com|org|net)\b/,
]

export function placeholderIn(text: string): string | undefined {
  for (const pattern of PLACEHOLDER_PATTERNS) {
    const match = text.match(pattern)
    if (match) return match[0]
  }
  return undefined
}

/**
 * Every value the repository ships as a stand-in in content/school.json. Kept here, not read from
 * that file, so that a value is refused even after the owner clears its `demo` mark and leaves
 * the value (release-check.test.ts checks the list knows every shipped one).
 */
export const SHIPPED_STAND_INS: readonly string[] = [
  '+7 (8512) 00-00-00',
  '00-00-00',
  'ул. [Улица], д. [0]',
  'Мессенджер',
  '+7 (900) 000-00-00',
  'https://example.com/messenger',
  'info@itlab.example',
  'ИП [Фамилия Имя Отчество]',
  '000000000000',
  '300000000000004',
  'https://itlab.example',
  '[номер лицензии]',
]

/**
 * Stand-ins by shape: a phone with six zeros in a row, separators aside ('00-00-00'); any other
 * fact with eight (an ИНН or ОГРНИП of zeros between a real-looking first and last digit). A real
 * ОГРНИП may hold six zeros in its serial number, not eight.
 */
const ZERO_RUN = { phone: /0(?:[\s-]*0){5,}/, other: /0{8,}/ }

/** A shipped stand-in, or a value shaped like one, in the fact `field` of the owner's file. */
function standInIn(field: string, text: string): string | undefined {
  const shipped = SHIPPED_STAND_INS.find((value) => text.trim() === value)
  if (shipped) return shipped
  const isPhone = field.startsWith('phone.') || field === 'messenger.contact'
  return text.match(isPhone ? ZERO_RUN.phone : ZERO_RUN.other)?.[0]
}

/** Every string leaf of a value, with its dotted path. */
export function stringLeaves(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]]
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      stringLeaves(inner, Array.isArray(value) ? `${at}[${key}]` : at ? `${at}.${key}` : key),
    )
  }
  return []
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {}

const isFactName = (name: unknown): name is (typeof FACT_NAMES)[number] =>
  (FACT_NAMES as readonly unknown[]).includes(name)

/** The facts the file still marks «Ещё образец», as written (a malformed list too). */
function demoFields(factsFile: unknown): (typeof FACT_NAMES)[number][] {
  const demo = asRecord(factsFile).demo
  return Array.isArray(demo) ? demo.filter(isFactName) : []
}

/** A fact's field as the editor labels it: «Телефон → Номер» (phone.number). */
const factField = (field: string) => {
  const label = FACT_LABELS[field.replace(/\[\d+\]/g, '')]
  return label ? `«${label}» (${field})` : field
}

function factItems(factsFile: unknown, siteUrl: string | undefined): LaunchItem[] {
  const facts = asRecord(factsFile)
  const demo = demoFields(factsFile)
  const items: LaunchItem[] = demo.map((field) => {
    const label = FACT_NAME_LABELS[field]
    return {
      file: FACTS_FILE,
      kind: 'sample-fact',
      subject: label,
      text: `«${label}» (${field}) — ещё пример, а не сведения школы: впишите настоящее значение и уберите «${label}» из списка «Ещё образец»`,
      values: stringLeaves(facts[field]).map(([, text]) => text),
    }
  })
  // A fact still listed «Ещё образец» is one item, whatever its values; the others by value.
  const listed = (field: string) =>
    demo.some((name) => field === name || field.startsWith(`${name}.`))
  for (const [field, text] of stringLeaves(facts)) {
    if (field.startsWith('demo[') || listed(field)) continue
    const subject = FACT_LABELS[field.replace(/\[\d+\]/g, '')] ?? field
    const marker = placeholderIn(text)
    const standIn = marker ? undefined : standInIn(field, text)
    if (!marker && !standIn) continue
    items.push({
      file: FACTS_FILE,
      kind: marker ? 'placeholder' : 'stand-in',
      subject,
      text: marker
        ? `${factField(field)} — заглушка «${marker}»: впишите настоящее значение`
        : `${factField(field)} — образец «${standIn}» из репозитория, а не сведения школы: впишите настоящее значение`,
      values: [text],
    })
  }
  // The site's address the owner wrote must be the one it is served at (SITE_URL on the server).
  const written = typeof facts.siteUrl === 'string' ? URL.parse(facts.siteUrl) : null
  const served = siteUrl ? URL.parse(siteUrl) : null
  const covered = items.some(({ values }) => values.includes(String(facts.siteUrl)))
  if (written && served && !covered && written.host !== served.host) {
    items.push({
      file: FACTS_FILE,
      kind: 'site-url',
      subject: FACT_LABELS.siteUrl ?? 'siteUrl',
      text: `${factField('siteUrl')} — «${facts.siteUrl}», а сайт работает по адресу ${served.origin} (настройка SITE_URL на сервере): впишите ${served.origin}`,
      values: [],
    })
  }
  return items
}

/** The words that name an entry: its first text among these fields. */
const NAME_FIELDS = ['name', 'title', 'question', 'author', 'alt', 'place'] as const

/** The sample's words the repository ships, each with the words that make up a picture's name. */
const SAMPLE_TEXTS = Object.values(SHIPPED_SAMPLE_TEXTS).flat()

/**
 * Each single file as the editor names it, and its fields' labels by path («Призы»; «details»:
 * «Как проходит пробный урок»): the editor's sections are built from the same labels
 * (apps/site/release/launch-names.test.ts compares them).
 */
const SINGLE_FILE_FORMS: Readonly<
  Record<string, { label: string; fields: () => Record<string, string> }>
> = {
  'content/prizes.json': { label: 'Призы', fields: () => FIELD_LABELS.prizes },
  'content/trial-offer.json': { label: 'Пробный урок', fields: () => FIELD_LABELS.trialOffer },
  'content/promises.json': { label: 'Обещания и скидки', fields: () => FIELD_LABELS.promises },
  [`content/${PAGE_TEXT_FILES.home}`]: {
    label: 'Главная страница',
    fields: () => pageTextLabels().home,
  },
  [`content/${PAGE_TEXT_FILES.course}`]: {
    label: 'Страница курса',
    fields: () => pageTextLabels().course,
  },
  [`content/${PAGE_TEXT_FILES.other}`]: {
    label: 'Каталог, объявления и запись',
    fields: () => pageTextLabels().other,
  },
  [`content/${PAGE_TEXT_FILES.search}`]: {
    label: 'Заголовки и описания для поиска',
    fields: () => pageTextLabels().search,
  },
}

type SingleFileForm = (typeof SINGLE_FILE_FORMS)[string]

/** A single file as the editor names it («Призы») and its fields; undefined for an entry. */
function singleFileForm(file: string): SingleFileForm | undefined {
  return SINGLE_FILE_FORMS[file]
}

/** «Призы», «Пробный урок → Как проходит пробный урок»: a part of a single file by its path. */
function partName(form: SingleFileForm, keys: string[]): string {
  const labels = form.fields()
  // The longest labelled path: its label names every part on the way; keys past it stay as keys.
  for (let length = keys.length; length > 0; length -= 1) {
    const label = labels[keys.slice(0, length).join('.')]
    if (label !== undefined) return [form.label, label, ...keys.slice(length)].join(' → ')
  }
  return [form.label, ...keys].join(' → ')
}

/** The single files' parts as `partName` names them, by file: for the comparison with the editor. */
export const singleFileNames = (file: string, keys: string[]): string | undefined => {
  const form = singleFileForm(file)
  return form && partName(form, keys)
}

/** The parts of a value still ticked «Образец» (the whole file's tick is the part `[]`). */
function sampleParts(value: unknown, keys: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return []
  const record = value as Record<string, unknown>
  return [
    ...(record.sample === true ? [keys] : []),
    ...Object.entries(record).flatMap(([key, inner]) => sampleParts(inner, [...keys, key])),
  ]
}

/**
 * A single file's parts still ticked «Образец»: the promises the owner confirms or rewrites (the
 * prizes, the trial's details, the format, what a course ends with, the promo code, the home page's
 * first screen), one item each. She may keep the words once she confirms them: unlike an entry's
 * sample, they are not refused by their words.
 */
function singleFileItems({ file, value }: ContentFile, form: SingleFileForm): LaunchItem[] {
  return sampleParts(value).map((keys) => {
    const subject = partName(form, keys)
    let part: unknown = value
    for (const key of keys) part = asRecord(part)[key]
    return {
      file,
      kind: 'sample-entry',
      subject,
      text:
        `«${subject}» — образец из репозитория, а не слова школы: проверьте, верно ли это для ` +
        `школы, впишите своё и снимите отметку «${SAMPLE_FIELD_LABEL}»`,
      values: stringLeaves(part).map(([, text]) => text),
    }
  })
}

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/** «сроков, организатора и ссылки на правила». */
const listed = (parts: string[]) =>
  parts.length > 1 ? `${parts.slice(0, -1).join(', ')} и ${parts.at(-1)}` : (parts[0] ?? '')

/**
 * The terms a shown promise needs before the launch (docs/decisions/0089): a prize draw its dates,
 * organiser and rules (38-ФЗ «О рекламе», ст. 9), the quiz's promo code what it discounts and
 * whether it adds to a plan's discount.
 */
export function termsItems({ file, value }: ContentFile): LaunchItem[] {
  const fields = asRecord(value)
  if (file === 'content/prizes.json') {
    const items = Array.isArray(fields.items) ? fields.items : []
    if (items.length === 0) return []
    const draw = asRecord(fields.draw)
    const missing = [
      ...(!trimmed(draw.start) || !trimmed(draw.end) ? ['сроков'] : []),
      ...(!trimmed(draw.organiser) ? ['организатора'] : []),
      ...(!trimmed(draw.rulesUrl) ? ['ссылки на правила'] : []),
    ]
    if (missing.length === 0) return []
    return [
      {
        file,
        kind: 'missing-terms',
        subject: 'Призы → Розыгрыш',
        text:
          `«Призы» — розыгрыш без ${listed(missing)}: закон о рекламе (38-ФЗ, ст. 9) требует ` +
          'назвать сроки розыгрыша и где узнать об организаторе, правилах, числе призов, сроках, ' +
          'месте и порядке их получения; впишите их в «Розыгрыш» или удалите все призы',
        values: [],
      },
    ]
  }
  if (file === 'content/promises.json') {
    const promo = asRecord(fields.quizPromo)
    const code = trimmed(promo.code)
    if (!code) return []
    const missing = [
      ...(!trimmed(promo.appliesTo) ? ['впишите, на что скидка'] : []),
      ...(!trimmed(promo.combines) ? ['выберите, суммируется ли она со скидкой абонемента'] : []),
    ]
    if (missing.length === 0) return []
    return [
      {
        file,
        kind: 'missing-terms',
        subject: 'Промокод за тест',
        text: `«Промокод за тест» — у промокода «${code}» не хватает условий: ${missing.join(', и ')}, или сотрите промокод`,
        values: [],
      },
    ]
  }
  return []
}

function entryItems(content: ContentFile): LaunchItem[] {
  const { file, value } = content
  const form = isEditorPath(file, 'file') ? singleFileForm(file) : undefined
  if (form)
    return [
      ...singleFileItems(content, form),
      ...termsItems(content),
      ...wordItems(content, form.label),
    ]
  const fields = asRecord(value)
  const named = NAME_FIELDS.map((field) => fields[field]).find((text) => typeof text === 'string')
  const subject = String(named ?? path.posix.basename(file))
  const leaves = stringLeaves(value)
  if (fields.sample === true) {
    return [
      {
        file,
        kind: 'sample-entry',
        subject,
        text:
          `«${subject}» — образец из репозитория, а не сведения школы: впишите своё и снимите ` +
          `отметку «${SAMPLE_FIELD_LABEL}» или удалите запись`,
        values: leaves.map(([, text]) => text),
      },
    ]
  }
  return wordItems(content, subject)
}

/** The tick cleared, a sample's words or picture kept: still the repository's sample. */
function wordItems({ file, value }: ContentFile, subject: string): LaunchItem[] {
  const items: LaunchItem[] = []
  for (const [field, text] of stringLeaves(value)) {
    const words = SAMPLE_TEXTS.find((sample) => text.includes(sample))
    const marker = words ? undefined : placeholderIn(text)
    if (words) {
      items.push({
        file,
        kind: 'sample-words',
        subject,
        // The pictures' names (sample-teacher-1.jpg) begin so; the rest are words.
        text: words.startsWith('sample-')
          ? `«${subject}» — фото образца из репозитория (${text}): загрузите своё`
          : `«${subject}» — слова образца из репозитория («${words}»): замените их своими`,
        values: [text],
      })
    } else if (marker) {
      items.push({
        file,
        kind: 'placeholder',
        subject,
        text: `«${subject}», поле ${field} — заглушка «${marker}»: впишите настоящий текст`,
        values: [text],
      })
    }
  }
  return items
}

/**
 * Every item that blocks the launch, the facts first, then the other files in the order given.
 * `siteUrl`: the address the site is served at (SITE_URL), when known.
 */
export function launchBlockers(
  factsFile: unknown,
  files: readonly ContentFile[],
  siteUrl?: string,
): LaunchItem[] {
  return [...factItems(factsFile, siteUrl), ...files.flatMap(entryItems)]
}

/** Every JSON file under content/ but the facts, by name. Throws on one that is not JSON. */
export async function readContentFiles(dir: string): Promise<ContentFile[]> {
  const entries = await readdir(dir, { recursive: true })
  const names = entries.filter((name) => name.endsWith('.json') && name !== 'school.json').sort()
  return Promise.all(
    names.map(async (name) => ({
      file: path.posix.join('content', name.split(path.sep).join('/')),
      value: JSON.parse(await readFile(path.join(dir, name), 'utf8')) as unknown,
    })),
  )
}

/** content/school.json as written; throws when it is missing or not JSON. */
export async function readFactsFile(dir: string): Promise<unknown> {
  return JSON.parse(await readFile(path.join(dir, 'school.json'), 'utf8'))
}

/** The items of the content in `dir`. */
export async function contentLaunchBlockers(dir: string, siteUrl?: string): Promise<LaunchItem[]> {
  return launchBlockers(await readFactsFile(dir), await readContentFiles(dir), siteUrl)
}
