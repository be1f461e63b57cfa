import { describe, expect, it } from 'vitest'
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
