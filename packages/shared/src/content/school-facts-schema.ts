import {
  boundedText,
  dateYearWindow,
  FACT_LABELS,
  FACT_NAMES,
  isDateYearInWindow,
  problemText,
  valueAt,
  WEEKDAYS,
  type ContentProblem,
} from './index.ts'
import { z } from 'zod/mini'

// The rules the school's facts (content/school.json) must follow, checked whenever the site is
// built; messages in Russian, naming the field as the editor at /admin labels it. Kept free of
// Vite aliases: the build scripts import it in Node.

/** The facts file, as the repository names it in messages. */
export const FACTS_FILE = 'content/school.json'

// The labels live with the content's own (the editor gateway's history names the fields too).
export { FACT_LABELS, FACT_NAME_LABELS, FACT_NAMES } from './index.ts'

/**
 * The longest text each fact may have: every page's header, footer and title carries the name and
 * the contacts, so a longer one breaks the layout (the editor refuses it too).
 */
export const FACT_MAX = {
  name: 40,
  city: 40,
  region: 60,
  street: 100,
  messengerName: 30,
  messengerContact: 60,
  url: 200,
  email: 100,
  ownerName: 120,
  licenceNumber: 60,
  licenceIssuer: 200,
} as const

/**
 * The school's place for the map links and the organisation's structured data, in degrees: within
 * Russia's extent, so a slip of the keyboard (4.63, 463) is refused.
 */
export const GEO_BOUNDS = {
  latitude: { min: 41, max: 82 },
  longitude: { min: 19, max: 180 },
} as const

/** 12-digit ИНН of an individual: two check digits (Federal Tax Service algorithm). */
export function isValidPersonalInn(inn: string): boolean {
  if (!/^\d{12}$/.test(inn)) return false
  const digits = [...inn].map(Number)
  const check = (weights: number[]) =>
    (weights.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0) % 11) % 10
  return (
    check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === digits[10] &&
    check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === digits[11]
  )
}

/** 15-digit ОГРНИП: starts with 3; the last digit is the first 14 taken mod 13, then mod 10. */
export function isValidOgrnip(ogrnip: string): boolean {
  if (!/^3\d{14}$/.test(ogrnip)) return false
  return Number((BigInt(ogrnip.slice(0, 14)) % 13n) % 10n) === Number(ogrnip[14])
}

// Built when the facts are parsed, not on import: the site's bundles take the facts as the build
// parsed them (school.ts) and never build it.
function createSchoolFactsSchema() {
  const text = boundedText

  const phoneNumber = z.string().check(
    z.regex(
      /^\+7[\d\s()-]+$/,
      'должен начинаться с +7, дальше только цифры, пробелы, скобки и дефисы',
    ),
    z.refine(
      (value) => value.replace(/\D/g, '').length === 11,
      'должно быть 11 цифр: +7 и ещё десять',
    ),
  )

  const httpsUrl = z.url({ protocol: /^https$/, error: 'нужна ссылка, начинающаяся с https://' })

  const time = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'нужно время в виде ЧЧ:ММ'))

  const years = dateYearWindow()
  const isoDate = z.string().check(
    // A value not shaped like a date is told so once, not also «no such day» and «year».
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'нужна дата в виде ГГГГ-ММ-ДД', abort: true }),
    z.refine((value) => {
      const date = new Date(`${value}T00:00:00Z`)
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
    }, 'такой даты нет в календаре'),
    z.refine((value) => isDateYearInWindow(value), `год — от ${years.min} до ${years.max}`),
  )

  /**
   * A coordinate in degrees: a number, or the text the editor's field holds ('46.349700', with a
   * comma too), as a map service shows it.
   */
  const coordinate = (bounds: { min: number; max: number }, what: string, example: string) =>
    z.pipe(
      z.union(
        [
          z.number(),
          z
            .string()
            .check(
              z.trim(),
              z.regex(/^-?\d{1,3}(?:[.,]\d+)?$/, `${what}: нужно число, например ${example}`),
            ),
        ],
        { error: `${what}: нужно число, например ${example}` },
      ),
      z.pipe(
        z.transform((value: number | string) =>
          typeof value === 'number' ? value : Number(value.replace(',', '.')),
        ),
        z
          .number()
          .check(
            z.gte(bounds.min, `${what}: от ${bounds.min} до ${bounds.max} — так ли вписано число?`),
            z.lte(bounds.max, `${what}: от ${bounds.min} до ${bounds.max} — так ли вписано число?`),
          ),
      ),
    )

  return z.object({
    name: text(FACT_MAX.name),
    city: text(FACT_MAX.city),
    region: text(FACT_MAX.region),
    phone: z.pipe(
      z
        .object({
          /** Full number, e.g. '+7 (8512) 12-34-56'. */
          number: phoneNumber,
          /** The short form the hero's call button shows, e.g. '12-34-56'. */
          short: z.string().check(z.regex(/^[\d-]+$/, 'только цифры и дефисы')),
        })
        .check(
          z.refine(
            (phone) => phone.number.replace(/\D/g, '').endsWith(phone.short.replace(/\D/g, '')),
            { message: 'должен совпадать с последними цифрами номера', path: ['short'] },
          ),
        ),
      z.transform((phone) => ({ ...phone, tel: `+${phone.number.replace(/\D/g, '')}` })),
    ),
    address: z.object({
      street: text(FACT_MAX.street),
      postalCode: z.string().check(z.regex(/^\d{6}$/, 'должен состоять из 6 цифр')),
    }),
    messenger: z.optional(
      z.object({
        /** The app's name as shown, e.g. 'Telegram'. */
        name: text(FACT_MAX.messengerName),
        /** The number or handle as shown. */
        contact: text(FACT_MAX.messengerContact),
        url: httpsUrl.check(z.maxLength(FACT_MAX.url, `не длиннее ${FACT_MAX.url} знаков`)),
      }),
    ),
    email: z
      .email('нужен адрес электронной почты')
      .check(z.maxLength(FACT_MAX.email, `не длиннее ${FACT_MAX.email} знаков`)),
    owner: z.object({
      name: z
        .string()
        .check(
          z.regex(/^ИП \S.*$/, 'должно начинаться с «ИП » и полного имени'),
          z.maxLength(FACT_MAX.ownerName, `не длиннее ${FACT_MAX.ownerName} знаков`),
        ),
      inn: z
        .string()
        .check(z.refine(isValidPersonalInn, 'ИНН: 12 цифр с верными контрольными цифрами')),
      ogrnip: z
        .string()
        .check(z.refine(isValidOgrnip, 'ОГРНИП: 15 цифр, первая 3, с верной контрольной цифрой')),
    }),
    openingHours: z.optional(
      z
        .array(
          z.object({
            days: z
              .array(z.enum(WEEKDAYS, `дни недели по-английски: ${WEEKDAYS.join(', ')}`))
              .check(z.minLength(1, 'нужен хотя бы один день')),
            opens: time,
            closes: time,
          }),
        )
        .check(z.minLength(1, 'нужен хотя бы один период')),
    ),
    policiesEffectiveDate: isoDate,
    siteUrl: z.pipe(
      httpsUrl,
      z.transform((value) => value.replace(/\/+$/, '')),
    ),
    /** Where the school is on a map: the map links and the structured data use it. */
    geo: z.optional(
      z.object({
        latitude: coordinate(GEO_BOUNDS.latitude, 'широта', '46.349700'),
        longitude: coordinate(GEO_BOUNDS.longitude, 'долгота', '48.040800'),
      }),
    ),
    /**
     * The education licence: with it, the site shows the «Сведения об образовательной
     * организации» page and how to pay for lessons (docs/decisions/0076).
     */
    licence: z.optional(
      z.object({
        number: text(FACT_MAX.licenceNumber),
        date: isoDate,
        issuer: text(FACT_MAX.licenceIssuer),
      }),
    ),
    /** The ways to pay the owner confirms; shown only with a licence. */
    payments: z.optional(
      z.object({
        taxDeduction: z._default(z.boolean({ error: 'да или нет' }), false),
        maternityCapital: z._default(z.boolean({ error: 'да или нет' }), false),
        pfdo: z._default(z.boolean({ error: 'да или нет' }), false),
        /** The region's navigator of extra education, where a certificate is used. */
        pfdoUrl: z._default(
          z.union([
            z.literal(''),
            httpsUrl.check(z.maxLength(FACT_MAX.url, `не длиннее ${FACT_MAX.url} знаков`)),
          ]),
          '',
        ),
      }),
    ),
    /** The facts still holding the repository's sample; the release build refuses any. */
    demo: z._default(z.array(z.enum(FACT_NAMES, 'неизвестное поле')), []),
  })
}

export type SchoolFactsInput = z.input<ReturnType<typeof createSchoolFactsSchema>>
/** The facts file as written: content/school.json. */
export type SchoolFactsFile = SchoolFactsInput
export type SchoolFacts = Omit<z.output<ReturnType<typeof createSchoolFactsSchema>>, 'demo'>

/** An optional fact the editor saved empty (every text blank, or no entries) is left out. */
function isEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0
  if (value !== null && typeof value === 'object') {
    return Object.values(value).every(
      (inner) => inner === undefined || inner === null || inner === '',
    )
  }
  return value === undefined
}

function withoutEmptyOptionals(file: unknown): unknown {
  if (file === null || typeof file !== 'object') return file
  const { messenger, openingHours, geo, licence, payments, ...rest } = file as Record<
    string,
    unknown
  >
  return {
    ...rest,
    ...(isEmpty(messenger) ? {} : { messenger }),
    ...(isEmpty(openingHours) ? {} : { openingHours }),
    ...(isEmpty(geo) ? {} : { geo }),
    ...(isEmpty(licence) ? {} : { licence }),
    ...(isEmpty(payments) ? {} : { payments }),
  }
}

/** A fact that breaks its rule; the message names each field and rule. */
export class SchoolFactsError extends Error {
  readonly problems: string[]

  constructor(problems: string[]) {
    super(`Сведения о школе в ${FACTS_FILE} не прошли проверку:\n  ${problems.join('\n  ')}`)
    this.name = 'SchoolFactsError'
    this.problems = problems
  }
}

export type ParsedSchoolFacts = {
  facts: SchoolFacts
  /** Facts the file still marks as the repository's sample. */
  demoFields: string[]
}

/**
 * The facts file's mistakes as zod reads them, each with its path in the file: the owner's editor
 * shows each at its field before saving (the same rules the build checks).
 */
export function schoolFactsIssues(file: unknown) {
  const result = createSchoolFactsSchema().safeParse(withoutEmptyOptionals(file))
  return result.success ? [] : result.error.issues
}

/**
 * The facts file's problems, each with its field as the editor labels it; none when it follows
 * every rule. A value is quoted only when it is text.
 */
export function schoolFactsProblems(file: unknown): ContentProblem[] {
  return schoolFactsIssues(file).map((issue) => {
    const received = valueAt(file, issue.path)
    return {
      file: FACTS_FILE,
      field: issue.path.map(String).join('.'),
      label: FACT_LABELS[issue.path.filter((key) => typeof key !== 'number').join('.')],
      rule: issue.message,
      ...(typeof received === 'string' ? { received } : {}),
    }
  })
}

/** Validates the facts file; throws a SchoolFactsError listing every field that breaks its rule. */
export function parseSchoolFacts(file: unknown): ParsedSchoolFacts {
  const result = createSchoolFactsSchema().safeParse(withoutEmptyOptionals(file))
  if (!result.success) throw new SchoolFactsError(schoolFactsProblems(file).map(problemText))
  const { demo, ...facts } = result.data
  return { facts, demoFields: demo }
}
