// What still stands between the site and its launch (docs/decisions/0084-preview-before-the-launch.md):
// the sample entries the repository ships (0073), the facts that are still its stand-ins (0025),
// a placeholder or a sample's words left in any content file. One source: `npm run check:content`
// lists these items, the release check refuses them, a preview build accepts them, and the editor
// can show the same items to the owner.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { contentDir, SAMPLE_FIELD_LABEL } from '@it-lab/shared/content'
import { readSchoolFactsFile } from '#app/config/school-facts.ts'
import {
  FACT_LABELS,
  FACT_NAME_LABELS,
  FACT_NAMES,
  FACTS_FILE,
} from '#app/config/school-facts-schema.ts'
import { SHIPPED_SAMPLE_TEXTS } from './shipped-samples.ts'

export type LaunchItem = {
  /** The content file to change, as the repository names it (content/teachers/….json). */
  file: string
  kind: 'sample-entry' | 'sample-words' | 'sample-fact' | 'stand-in' | 'placeholder' | 'site-url'
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

function entryItems({ file, value }: ContentFile): LaunchItem[] {
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
  // The tick cleared, a sample's words or picture kept: still the repository's sample.
  const items: LaunchItem[] = []
  for (const [field, text] of leaves) {
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
export async function readContentFiles(dir = contentDir()): Promise<ContentFile[]> {
  const entries = await readdir(dir, { recursive: true })
  const names = entries.filter((name) => name.endsWith('.json') && name !== 'school.json').sort()
  return Promise.all(
    names.map(async (name) => ({
      file: path.posix.join('content', name.split(path.sep).join('/')),
      value: JSON.parse(await readFile(path.join(dir, name), 'utf8')) as unknown,
    })),
  )
}

/** The items of the content in `dir` (CONTENT_DIR or content/). */
export async function contentLaunchBlockers(
  siteUrl?: string,
  dir = contentDir(),
): Promise<LaunchItem[]> {
  return launchBlockers(readSchoolFactsFile(dir), await readContentFiles(dir), siteUrl)
}
