import { describe, expect, it } from 'vitest'
import {
  FAQ_ANSWER_MAX,
  FAQ_ORDER_MAX,
  FAQ_QUESTION_MAX,
  REVIEW_AUTHOR_MAX,
  REVIEW_SOURCES,
  REVIEW_TEXT_MAX,
  SAMPLE_FIELD_LABEL,
} from '@it-lab/shared/content'
import { FACT_MAX, FACT_NAMES } from '#app/config/school-facts-schema.ts'
import { cmsConfig, readCmsSettings } from './cms-config.ts'

// The editor's fields as /admin/config.yml gives them to Decap
// (docs/decisions/0067-exact-values-in-the-editor.md): the editor's own exact widgets, the rules
// between fields, and the schema's limits.

type Field = Record<string, unknown> & { name: string; fields?: Field[]; field?: Field }
type Collection = { name: string; fields?: Field[]; files?: { name: string; fields: Field[] }[] }

const config = cmsConfig(readCmsSettings({})) as { collections: Collection[] }
const collection = (name: string) => {
  const found = config.collections.find((item) => item.name === name)
  if (!found) throw new Error(`no collection ${name}`)
  return found
}
/** Every field, nested ones included, with its path. */
function walk(fields: Field[] = [], prefix = ''): [string, Field][] {
  return fields.flatMap((field) => {
    const path = `${prefix}${field.name}`
    return [[path, field], ...walk(field.fields, `${path}.`)] as [string, Field][]
  })
}
const courseFields = Object.fromEntries(walk(collection('courses').fields))
const facts = collection('school').files?.find((file) => file.name === 'facts')
const factFields = Object.fromEntries(walk(facts?.fields))

describe('the editor fields', () => {
  it('take every whole number and date with the editor’s exact widgets, none with Decap’s number or date picker', () => {
    const widgets = config.collections.flatMap((item) =>
      [item.fields, ...(item.files ?? []).map((file) => file.fields)].flatMap((fields) =>
        walk(fields).map(([, field]) => field.widget),
      ),
    )
    expect(widgets).not.toContain('number')
    expect(widgets).not.toContain('datetime')
    for (const name of ['id', 'ageMin', 'ageMax', 'months', 'prices.basic', 'prices.year']) {
      expect(courseFields[name]?.widget, name).toBe('whole-number')
    }
    expect(courseFields['prices.month']).toMatchObject({
      rubles: true,
      min: 1,
      not_above: { field: 'prices.basic' },
    })
    expect(courseFields.ageMax).toMatchObject({ not_below: { field: 'ageMin' } })
    expect(courseFields.id).toMatchObject({ unique_in_folder: 'content/courses' })
    expect(courseFields.start?.widget).toBe('date-ru')
    expect(factFields.policiesEffectiveDate?.widget).toBe('date-ru')
  })

  it('limit the school’s texts as the schema does, and name the sample facts in Russian', () => {
    for (const [name, max] of [
      ['name', FACT_MAX.name],
      ['address.street', FACT_MAX.street],
      ['city', FACT_MAX.city],
    ] as const) {
      const [regex] = factFields[name]?.pattern as [string, string]
      expect(new RegExp(regex).test('ы'.repeat(max)), name).toBe(true)
      expect(new RegExp(regex).test('ы'.repeat(max + 1)), name).toBe(false)
    }
    const options = factFields.demo?.options as { value: string; label: string }[]
    expect(options.map(({ value }) => value)).toEqual([...FACT_NAMES])
    for (const { label } of options) expect(label).toMatch(/^[А-ЯЁ]/)
  })

  it('list the courses by number', () => {
    expect(collection('courses')).toMatchObject({
      sortable_fields: expect.arrayContaining([
        { field: 'id', label: 'Номеру', default_sort: 'asc' },
      ]),
    })
  })
})

describe('the questions, the reviews and the school’s place and licence', () => {
  const faqFields = Object.fromEntries(walk(collection('faq').fields))
  const reviewFields = Object.fromEntries(walk(collection('reviews').fields))
  const accepts = (field: Field | undefined, value: string) => {
    const [regex] = field?.pattern as [string, string]
    return new RegExp(regex).test(value)
  }

  it('are folders the owner adds to and deletes from, with Russian names and latin file names', () => {
    for (const [name, label] of [
      ['faq', 'Частые вопросы'],
      ['reviews', 'Отзывы'],
    ] as const) {
      expect(collection(name)).toMatchObject({ label, create: true, delete: true })
      expect((collection(name) as { slug?: string }).slug).toMatch(/^[a-z]+-\{\{year\}\}/)
    }
  })

  it('limit the texts as the schema does, and number the order as a whole number', () => {
    expect(accepts(faqFields.question, 'в'.repeat(FAQ_QUESTION_MAX))).toBe(true)
    expect(accepts(faqFields.question, 'в'.repeat(FAQ_QUESTION_MAX + 1))).toBe(false)
    expect(accepts(faqFields.answer, 'о'.repeat(FAQ_ANSWER_MAX))).toBe(true)
    expect(accepts(faqFields.answer, 'о'.repeat(FAQ_ANSWER_MAX + 1))).toBe(false)
    expect(faqFields.order).toMatchObject({ widget: 'whole-number', min: 1, max: FAQ_ORDER_MAX })
    expect(accepts(reviewFields.text, 'о'.repeat(REVIEW_TEXT_MAX + 1))).toBe(false)
    expect(accepts(reviewFields.author, 'м'.repeat(REVIEW_AUTHOR_MAX + 1))).toBe(false)
    expect(reviewFields.date?.widget).toBe('date-ru')
    for (const fields of [faqFields, reviewFields]) {
      expect(fields.sample).toMatchObject({ widget: 'boolean', label: SAMPLE_FIELD_LABEL })
    }
  })

  it('offer where a review was published in Russian, and take its https link or none', () => {
    const options = reviewFields.source?.options as { value: string; label: string }[]
    expect(options.map(({ value }) => value)).toEqual([...REVIEW_SOURCES])
    expect(options.map(({ label }) => label)).toEqual([
      'Яндекс Карты',
      '2ГИС',
      'ВКонтакте',
      'Родитель согласился на публикацию письменно',
    ])
    expect(accepts(reviewFields.link, '')).toBe(true)
    expect(accepts(reviewFields.link, 'https://yandex.ru/maps/org/1/reviews/')).toBe(true)
    expect(accepts(reviewFields.link, 'yandex.ru/maps')).toBe(false)
  })

  it('take coordinates as a map shows them, and the licence and the ways to pay as optional', () => {
    expect(accepts(factFields['geo.latitude'], '46.349700')).toBe(true)
    expect(accepts(factFields['geo.latitude'], '46,3497')).toBe(true)
    expect(accepts(factFields['geo.latitude'], '46.349700, 48.040800')).toBe(false)
    expect(factFields['licence.date']?.widget).toBe('date-ru')
    for (const name of ['geo', 'licence', 'payments']) {
      expect(factFields[name], name).toMatchObject({ widget: 'object', required: false })
    }
    for (const name of ['taxDeduction', 'maternityCapital', 'pfdo']) {
      expect(factFields[`payments.${name}`]?.widget, name).toBe('boolean')
    }
  })
})
