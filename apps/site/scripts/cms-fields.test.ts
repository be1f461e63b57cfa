import { describe, expect, it } from 'vitest'
import {
  AGE_RANGE,
  contentSchemas,
  FAQ_ANSWER_MAX,
  FAQ_QUESTION_MAX,
  FIELD_LABELS,
  GROUP_PLACE_MAX,
  GROUP_SEATS_MAX,
  WEEKDAYS,
  PHOTO_ALT_MAX,
  PHOTO_CAPTION_MAX,
  REVIEW_AUTHOR_MAX,
  REVIEW_SOURCES,
  REVIEW_TEXT_MAX,
  SAMPLE_FIELD_LABEL,
  TEACHER_NAME_MAX,
  ORDER_MAX,
  TEACHER_TEXT_MAX,
} from '@it-lab/shared/content'
import { FACT_MAX, FACT_NAMES } from '#app/config/school-facts-schema.ts'
import { COURSE_CATALOGUE } from '@it-lab/shared/catalogue'
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

describe('the groups in the editor', () => {
  const groups = collection('groups')
  const fields = Object.fromEntries(walk(groups.fields))

  it('is a folder the owner adds to and deletes from, with every field the schema reads', () => {
    expect(groups).toMatchObject({
      label: 'Группы',
      label_singular: 'группа',
      folder: 'content/groups',
      create: true,
      delete: true,
    })
    expect(Object.keys(fields).sort()).toEqual(Object.keys(FIELD_LABELS.group).sort())
  })

  it('offers the shown courses and the weekdays in Russian, and the schema’s limits', () => {
    const courses = fields.course?.options as { value: string; label: string }[]
    expect(courses.map(({ value }) => value)).toEqual(COURSE_CATALOGUE.map(({ id }) => String(id)))
    expect(courses[0]?.label).toMatch(/^\d+\. [А-ЯЁA-Z]/)
    const days = fields.days?.options as { value: string; label: string }[]
    expect(days.map(({ value }) => value)).toEqual([...WEEKDAYS])
    expect(days.map(({ label }) => label)).toContain('Суббота')
    expect(fields.days).toMatchObject({ multiple: true, min: 1 })
    expect(fields.seats).toMatchObject({ widget: 'whole-number', min: 0, max: GROUP_SEATS_MAX })
    expect(fields.ageMin).toMatchObject({ min: AGE_RANGE.min, max: AGE_RANGE.max })
    expect(fields.ageMax).toMatchObject({ not_below: { field: 'ageMin' } })
    expect(fields.startDate?.widget).toBe('date-ru')
    expect(fields.sample).toMatchObject({ widget: 'boolean', label: SAMPLE_FIELD_LABEL })
    const [place] = fields.place?.pattern as [string, string]
    expect(new RegExp(place).test('ы'.repeat(GROUP_PLACE_MAX))).toBe(true)
    expect(new RegExp(place).test('ы'.repeat(GROUP_PLACE_MAX + 1))).toBe(false)
    const [time] = fields.start?.pattern as [string, string]
    expect(['09:00', '18:30'].every((value) => new RegExp(time).test(value))).toBe(true)
    expect(['9:00', '24:00', '18.30'].some((value) => new RegExp(time).test(value))).toBe(false)
  })

  it('writes a group the schema reads: the course as the list writes it', () => {
    const parsed = contentSchemas().group.safeParse({
      course: fields.course && (fields.course.options as { value: string }[])[0]?.value,
      days: ['Saturday'],
      start: '10:00',
      end: '11:30',
      ageMin: 7,
      ageMax: 10,
      format: 'Онлайн',
      place: '',
      startDate: '',
      seats: 0,
      order: 0,
      sample: false,
    })
    expect(parsed.success).toBe(true)
    expect(parsed.data?.course).toBe(COURSE_CATALOGUE[0]?.id)
  })
})

describe("the teachers' and the school's photos' fields (docs/decisions/0074-teachers-and-school-photos.md)", () => {
  const teacherFields = Object.fromEntries(walk(collection('teachers').fields))
  const photoFields = Object.fromEntries(walk(collection('photos').fields))
  const accepts = (field: Field | undefined, text: string) => {
    const [regex] = field?.pattern as [string, string]
    return new RegExp(regex).test(text)
  }

  it("are the schema's fields, labelled as the content check names them", () => {
    for (const [fields, kind] of [
      [teacherFields, 'teacher'],
      [photoFields, 'photo'],
    ] as const) {
      expect(Object.keys(fields).sort()).toEqual(Object.keys(FIELD_LABELS[kind]).sort())
      for (const [name, field] of Object.entries(fields)) {
        expect(field.label, name).toBe(FIELD_LABELS[kind][name])
      }
    }
    expect(teacherFields.sample).toMatchObject({ label: SAMPLE_FIELD_LABEL, widget: 'boolean' })
  })

  it('limit the texts as the schema does; the caption may stay empty', () => {
    for (const [field, max] of [
      [teacherFields.name, TEACHER_NAME_MAX],
      [teacherFields.text, TEACHER_TEXT_MAX],
      [photoFields.alt, PHOTO_ALT_MAX],
    ] as const) {
      expect(accepts(field, 'ы'.repeat(max))).toBe(true)
      expect(accepts(field, 'ы'.repeat(max + 1))).toBe(false)
      expect(accepts(field, '')).toBe(false)
    }
    expect(accepts(photoFields.caption, '')).toBe(true)
    expect(accepts(photoFields.caption, 'ы'.repeat(PHOTO_CAPTION_MAX + 1))).toBe(false)
  })

  it('pick the courses from the courses by title, and take the order and photos exactly', () => {
    expect(teacherFields.courses).toMatchObject({
      widget: 'relation',
      collection: 'courses',
      value_field: '{{id}}',
      display_fields: ['title'],
      multiple: true,
    })
    for (const fields of [teacherFields, photoFields]) {
      expect(fields.order).toMatchObject({ widget: 'whole-number', min: 1, max: ORDER_MAX })
    }
    expect(teacherFields.photo?.hint).toMatch(/4:5.*400×500/)
    expect(photoFields.image?.hint).toMatch(/4:3.*800×600/)
    expect(photoFields.alt?.hint).toMatch(/программа для незрячих/)
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
    expect(faqFields.order).toMatchObject({ widget: 'whole-number', min: 1, max: ORDER_MAX })
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
