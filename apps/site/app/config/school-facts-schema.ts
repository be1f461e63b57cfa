import { z } from 'zod/mini'

// The rules the school's facts (school-facts.ts) must follow, checked whenever the site is built.
// Kept free of Vite aliases: the build scripts import it in Node.

/** Marks a value the owner has not supplied yet; `npm run build:release` refuses it. */
export class DemoValue<T> {
  readonly value: T

  constructor(value: T) {
    this.value = value
  }
}

/** Wraps a shipped demo value, e.g. `phone: demo({ … })`. Replace `demo(x)` with the real `x`. */
export function demo<T>(value: T): DemoValue<T> {
  return new DemoValue(value)
}

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

const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const

// Built when the facts are parsed, not on import: the site's bundles take the facts as the build
// parsed them (school.ts) and never build it.
function createSchoolFactsSchema() {
  const text = z.string().check(z.trim(), z.minLength(1, 'must not be empty'))

  const phoneNumber = z.string().check(
    z.regex(
      /^\+7[\d\s()-]+$/,
      'must start with +7 and hold only digits, spaces, brackets and dashes',
    ),
    z.refine(
      (value) => value.replace(/\D/g, '').length === 11,
      'must have 11 digits: +7 and ten more',
    ),
  )

  const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' })

  const time = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM'))

  const isoDate = z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD'),
    z.refine((value) => {
      const date = new Date(`${value}T00:00:00Z`)
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
    }, 'must be a real calendar date'),
  )

  return z.object({
    name: text,
    city: text,
    region: text,
    phone: z.pipe(
      z
        .object({
          /** Full number, e.g. '+7 (8512) 12-34-56'. */
          number: phoneNumber,
          /** The short form the hero's call button shows, e.g. '12-34-56'. */
          short: z.string().check(z.regex(/^[\d-]+$/, 'must hold only digits and dashes')),
        })
        .check(
          z.refine(
            (phone) => phone.number.replace(/\D/g, '').endsWith(phone.short.replace(/\D/g, '')),
            { message: 'must be the last digits of phone.number', path: ['short'] },
          ),
        ),
      z.transform((phone) => ({ ...phone, tel: `+${phone.number.replace(/\D/g, '')}` })),
    ),
    address: z.object({
      street: text,
      postalCode: z.string().check(z.regex(/^\d{6}$/, 'must be 6 digits')),
    }),
    messenger: z.optional(
      z.object({
        /** The app's name as shown, e.g. 'Telegram'. */
        name: text,
        /** The number or handle as shown. */
        contact: text,
        url: httpsUrl,
      }),
    ),
    email: z.email('must be an e-mail address'),
    owner: z.object({
      name: z.string().check(z.regex(/^ИП \S.*$/, 'must start with «ИП » and the full name')),
      inn: z
        .string()
        .check(z.refine(isValidPersonalInn, 'ИНН must be 12 digits with valid check digits')),
      ogrnip: z
        .string()
        .check(
          z.refine(
            isValidOgrnip,
            'ОГРНИП must be 15 digits starting with 3, with a valid check digit',
          ),
        ),
    }),
    openingHours: z.optional(
      z
        .array(
          z.object({
            days: z
              .array(z.enum(WEEKDAYS, `must be English weekday names: ${WEEKDAYS.join(', ')}`))
              .check(z.minLength(1, 'must name at least one day')),
            opens: time,
            closes: time,
          }),
        )
        .check(z.minLength(1, 'must list at least one period, or be left out')),
    ),
    policiesEffectiveDate: isoDate,
    siteUrl: z.pipe(
      httpsUrl,
      z.transform((value) => value.replace(/\/+$/, '')),
    ),
  })
}

export type SchoolFactsInput = z.input<ReturnType<typeof createSchoolFactsSchema>>
export type SchoolFacts = z.output<ReturnType<typeof createSchoolFactsSchema>>

/** The input with any field, at any depth, allowed to be a `demo(…)` value. */
export type SchoolFactsFile = WithDemo<SchoolFactsInput>

type WithDemo<T> = T extends readonly unknown[]
  ? T | DemoValue<T>
  : T extends object
    ? { [K in keyof T]: WithDemo<T[K]> } | DemoValue<T>
    : T | DemoValue<T>

/** Unwraps every `demo(…)` value and records where it was, as dotted field paths. */
export function unwrapDemoValues(input: unknown, path = ''): { value: unknown; demo: string[] } {
  if (input instanceof DemoValue) {
    const inner = unwrapDemoValues(input.value, path)
    return { value: inner.value, demo: [path || '(the whole file)'] }
  }
  if (Array.isArray(input)) {
    const parts = input.map((item, index) => unwrapDemoValues(item, `${path}[${index}]`))
    return { value: parts.map((part) => part.value), demo: parts.flatMap((part) => part.demo) }
  }
  if (input !== null && typeof input === 'object') {
    const entries = Object.entries(input).map(
      ([key, value]) => [key, unwrapDemoValues(value, path ? `${path}.${key}` : key)] as const,
    )
    return {
      value: Object.fromEntries(entries.map(([key, part]) => [key, part.value])),
      demo: entries.flatMap(([, part]) => part.demo),
    }
  }
  return { value: input, demo: [] }
}

/** A fact that breaks its rule; the message names each field and rule. */
export class SchoolFactsError extends Error {
  readonly problems: string[]

  constructor(problems: string[]) {
    super(
      `Invalid school facts in apps/site/app/config/school-facts.ts:\n  ${problems.join('\n  ')}`,
    )
    this.name = 'SchoolFactsError'
    this.problems = problems
  }
}

export type ParsedSchoolFacts = {
  facts: SchoolFacts
  /** Fields still holding a shipped demo value. */
  demoFields: string[]
}

/** Validates the facts file; throws a SchoolFactsError listing every field that breaks its rule. */
export function parseSchoolFacts(file: SchoolFactsFile): ParsedSchoolFacts {
  const { value, demo: demoFields } = unwrapDemoValues(file)
  const result = createSchoolFactsSchema().safeParse(value)
  if (!result.success) {
    throw new SchoolFactsError(
      result.error.issues.map((issue) => {
        const field = issue.path.map(String).join('.') || '(the whole file)'
        const received = issue.path.reduce<unknown>(
          (node, key) =>
            node !== null && typeof node === 'object'
              ? (node as Record<PropertyKey, unknown>)[key]
              : undefined,
          value,
        )
        const got = typeof received === 'string' ? ` (got ${JSON.stringify(received)})` : ''
        return `${field}: ${issue.message}${got}`
      }),
    )
  }
  return { facts: result.data, demoFields }
}
