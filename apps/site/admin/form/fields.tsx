import { useState, type ReactNode } from 'react'
import { pictureFileName, MEDIA_FOLDER, UPLOADS_PATH } from '@it-lab/shared/content'
import { pluralRu } from '#app/content/plural.ts'
import { emptyItem, type Field, type Option } from '../sections.ts'
import { PICTURE_TYPES, refusalOf } from '../pictures.ts'
import { priceFigure } from '../price-figure.ts'
import {
  exampleDate,
  groupDigits,
  maskDate,
  readDate,
  readWholeNumber,
  showDate,
} from '../values.ts'
import { fieldId, useForm, valueAt, type FormState, type Path } from './form-state.ts'

// The form's fields, drawn from the sections' description (sections.ts): native controls a thumb
// can hit (44 px and more, docs/decisions/0086-the-owners-own-editor.md), each refusal under its
// field, tied to it for a screen reader, and kept until the field is right.

const OPTIONAL = ' (необязательно)'

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

function labelOf(field: Field): string {
  return field.required === false ? `${field.label}${OPTIONAL}` : field.label
}

function Described({
  path,
  field,
  figure,
  children,
}: {
  path: Path
  field: Field
  /** A figure counted from what is typed, read under the field (a price's month). */
  figure?: string
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode
}) {
  const form = useForm()
  const id = fieldId(path)
  const error = form.errorAt(path)
  const describedBy =
    [field.hint ? `${id}-hint` : '', figure ? `${id}-figure` : '', error ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined
  return (
    <>
      {field.hint ? (
        <p id={`${id}-hint`} className="hint">
          {field.hint}
        </p>
      ) : null}
      {children({ id, describedBy, invalid: error !== undefined })}
      {figure ? (
        <p id={`${id}-figure`} className="hint">
          {figure}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      ) : null}
    </>
  )
}

function TextInput({ field, path }: { field: Field; path: Path }) {
  const form = useForm()
  const value = valueAt(form.value, path)
  const text = typeof value === 'string' ? value : value === undefined ? '' : String(value)
  const Tag = field.widget === 'text' ? 'textarea' : 'input'
  return (
    <div className="field">
      <label htmlFor={fieldId(path)}>{labelOf(field)}</label>
      <Described path={path} field={field}>
        {({ id, describedBy, invalid }) => (
          <Tag
            id={id}
            value={text}
            rows={field.widget === 'text' ? 5 : undefined}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => form.set(path, event.target.value)}
            onBlur={() => form.touch(path)}
          />
        )}
      </Described>
    </div>
  )
}

/** A field whose typed text is read into a value (a number, a date) or refused as typed. */
function ReadInput({
  field,
  path,
  shown,
  read,
  mask,
  figure,
}: {
  field: Field
  path: Path
  shown: string
  read: (text: string) => { ok: true; value: unknown } | { ok: false; message: string }
  mask?: (text: string) => string
  figure?: string
}) {
  const form = useForm()
  const [text, setText] = useState(shown)
  return (
    <div className="field">
      <label htmlFor={fieldId(path)}>{labelOf(field)}</label>
      <Described path={path} field={field} figure={figure}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            inputMode="numeric"
            autoComplete="off"
            value={text}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => {
              const next = mask ? mask(event.target.value) : event.target.value
              setText(next)
              const reading = read(next)
              form.setInputError(path, reading.ok ? undefined : reading.message)
              form.set(path, reading.ok ? reading.value : next)
            }}
            onBlur={() => form.touch(path)}
          />
        )}
      </Described>
    </div>
  )
}

function WholeNumber({ field, path }: { field: Field; path: Path }) {
  const form = useForm()
  const value = valueAt(form.value, path)
  // A course's price: its month or its lesson, from the entry's own lessons a week.
  const figure = field.planPrice ? priceFigure(form.value, field.planPrice, value) : undefined
  const bounds = { min: field.min ?? 0, max: field.max ?? 999_999, rubles: field.rubles === true }
  return (
    <ReadInput
      field={field}
      path={path}
      shown={
        typeof value === 'number' ? groupDigits(value) : typeof value === 'string' ? value : ''
      }
      read={(text) =>
        text.trim() === '' && field.required === false
          ? { ok: true, value: undefined }
          : readWholeNumber(text, bounds)
      }
      figure={figure}
    />
  )
}

function DateInput({ field, path }: { field: Field; path: Path }) {
  const value = valueAt(useForm().value, path)
  return (
    <ReadInput
      field={{
        ...field,
        hint: field.hint ? `${field.hint} Например, ${exampleDate()}.` : 'ДД.ММ.ГГГГ',
      }}
      path={path}
      shown={typeof value === 'string' ? showDate(value) : ''}
      read={(text) => readDate(text)}
      mask={maskDate}
    />
  )
}

/**
 * A choice's options: a section's saved entries (the courses, kept by number; the teachers, kept
 * by file name) or the field's own list.
 */
function optionsOf(form: FormState, field: Field): Option[] {
  if (field.collection === 'teachers') return form.teachers
  return field.collection ? form.courses : (field.options ?? [])
}

function Choice({ field, path }: { field: Field; path: Path }) {
  const form = useForm()
  const value = valueAt(form.value, path)
  const numeric = typeof value === 'number' || field.collection === 'courses'
  const options = optionsOf(form, field)
  const current = value === undefined || value === null ? '' : String(value)
  const optional = field.required === false
  return (
    <div className="field">
      <label htmlFor={fieldId(path)}>{labelOf(field)}</label>
      <Described path={path} field={field}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            value={current}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => {
              const chosen = event.target.value
              form.set(path, numeric && chosen !== '' ? Number(chosen) : chosen)
              form.touch(path)
            }}
          >
            {/* An optional choice can always be taken back. */}
            {optional ? <option value="">— не указано —</option> : null}
            {(current === '' && !optional) ||
            (current !== '' && !options.some((option) => option.value === current)) ? (
              <option value={current}>— выберите —</option>
            ) : null}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Described>
    </div>
  )
}

/** Several choices: a chip each, one tap to turn it on or off (nothing else removes one). */
function Chips({ field, path }: { field: Field; path: Path }) {
  const form = useForm()
  const value = valueAt(form.value, path)
  const chosen = Array.isArray(value) ? value.map(String) : []
  const numeric = field.collection === 'courses' || field.numeric === true
  const options = optionsOf(form, field)
  // A course no longer listed (hidden, deleted) stays visible, so it can be unticked.
  const shown = [
    ...options,
    ...chosen
      .filter((item) => !options.some((option) => option.value === item))
      .map((item) => ({ value: item, label: item })),
  ]
  const id = fieldId(path)
  const error = form.errorAt(path)
  return (
    <fieldset
      className="field chips"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{labelOf(field)}</legend>
      {field.hint ? <p className="hint">{field.hint}</p> : null}
      <div className="chip-row">
        {shown.map((option) => (
          <label key={option.value} className="chip">
            <input
              type="checkbox"
              checked={chosen.includes(option.value)}
              onChange={(event) => {
                // Kept in the order of the options, as the site lists them.
                const next = shown
                  .map((candidate) => candidate.value)
                  .filter((item) =>
                    item === option.value ? event.target.checked : chosen.includes(item),
                  )
                form.set(path, numeric ? next.map(Number) : next)
                form.touch(path)
              }}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

function Tick({ field, path }: { field: Field; path: Path }) {
  const form = useForm()
  return (
    <div className="field">
      <label className="tick">
        <input
          type="checkbox"
          checked={valueAt(form.value, path) === true}
          onChange={(event) => {
            form.set(path, event.target.checked)
            form.touch(path)
          }}
        />
        <span>{field.label}</span>
      </label>
      {field.hint ? <p className="hint">{field.hint}</p> : null}
    </div>
  )
}

/** A shipped sample's tick: offered only on a sample, never on what the owner wrote. */
function SampleTick({ field, path }: { field: Field; path: Path }) {
  const form = useForm()
  if (!form.wasSample) return null
  return (
    <div className="sample-note" role="note">
      <p>
        Это образец, который пришёл с сайтом. Впишите настоящее и снимите отметку: пока она стоит,
        сайт не запустится.
      </p>
      <Tick field={{ ...field, label: 'Образец', hint: undefined }} path={path} />
    </div>
  )
}

const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(new Error('the chosen file could not be read'))
    reader.readAsDataURL(file)
  })

/** «Фото 1.jpg» → «foto-1-lx3k9a.jpg»: Latin, and never the name of a picture already there. */
export function uploadName(original: string, now = Date.now()): string {
  const name = pictureFileName(original, 'foto.jpg')
  const dot = name.lastIndexOf('.')
  return `${name.slice(0, dot)}-${now.toString(36)}${name.slice(dot)}`
}

function Picture({ field, path }: { field: Field; path: Path }) {
  const form = useForm()
  const value = valueAt(form.value, path)
  const current = typeof value === 'string' ? value : ''
  const preview = current ? form.previewOf(current) : undefined
  const id = fieldId(path)
  return (
    <div className="field">
      <span className="label" id={`${id}-label`}>
        {labelOf(field)}
      </span>
      <Described path={path} field={field}>
        {({ describedBy }) => (
          <div className="picture">
            {preview ? (
              <img src={preview} alt={`${field.label}: выбранное фото`} />
            ) : (
              <div className="picture-empty">{current ? 'Загружаем…' : 'Фото не выбрано'}</div>
            )}
            <label className="button secondary">
              {current ? 'Заменить фото' : 'Выбрать фото'}
              <input
                id={id}
                type="file"
                className="visually-hidden"
                accept={PICTURE_TYPES.join(',')}
                aria-describedby={describedBy}
                onChange={async (event) => {
                  const file = event.target.files?.[0]
                  event.target.value = ''
                  if (!file) return
                  const refusal = await refusalOf(file)
                  form.setInputError(path, refusal)
                  form.touch(path)
                  if (refusal) return
                  const name = uploadName(file.name)
                  form.addPicture(
                    {
                      path: `${MEDIA_FOLDER}/${name}`,
                      content: await base64Of(file),
                      encoding: 'base64',
                    },
                    URL.createObjectURL(file),
                  )
                  form.set(path, `${UPLOADS_PATH}${name}`)
                }}
              />
            </label>
          </div>
        )}
      </Described>
    </div>
  )
}

function Group({ field, path }: { field: Field; path: Path }) {
  const error = useForm().errorAt(path)
  return (
    <fieldset className="group">
      <legend>{labelOf(field)}</legend>
      {field.hint ? <p className="hint">{field.hint}</p> : null}
      {error ? <p className="error">{error}</p> : null}
      <Fields fields={field.fields ?? []} path={path} />
    </fieldset>
  )
}

function List({ field, path }: { field: Field; path: Path }) {
  const form = useForm()
  const value = valueAt(form.value, path)
  const items = Array.isArray(value) ? (value as unknown[]) : []
  const [one = 'пункт', few = 'пункта', many = 'пунктов'] = field.item_names ?? []
  const error = form.errorAt(path)
  const move = (from: number, to: number) => {
    const next = [...items]
    const [item] = next.splice(from, 1)
    next.splice(to, 0, item)
    form.set(path, next)
  }
  const full = field.max !== undefined && items.length >= field.max
  return (
    <fieldset className="group list">
      <legend>
        {labelOf(field)}: {items.length} {pluralRu(items.length, [one, few, many])}
      </legend>
      {field.hint ? <p className="hint">{field.hint}</p> : null}
      {error ? <p className="error">{error}</p> : null}
      <ol>
        {items.map((_, index) => {
          const itemPath = [...path, index]
          return (
            <li key={index} className="list-item">
              {field.field ? (
                <Single
                  field={{ ...field.field, label: `${capitalised(one)} ${index + 1}` }}
                  path={itemPath}
                />
              ) : (
                <Fields fields={field.fields ?? []} path={itemPath} />
              )}
              <div className="item-actions">
                <button
                  type="button"
                  className="secondary"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  Выше
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  Ниже
                </button>
                <button
                  type="button"
                  className="secondary danger"
                  aria-label={`Удалить ${one} ${index + 1}`}
                  onClick={() => form.set(path, items.toSpliced(index, 1))}
                >
                  Удалить
                </button>
              </div>
            </li>
          )
        })}
      </ol>
      {full ? null : (
        <button
          type="button"
          className="secondary"
          onClick={() => form.set(path, [...items, emptyItem(field)])}
        >
          Добавить {one}
        </button>
      )}
    </fieldset>
  )
}

function Single({ field, path }: { field: Field; path: Path }) {
  if (field.name === 'sample' && field.widget === 'boolean' && path.length === 1) {
    return <SampleTick field={field} path={path} />
  }
  switch (field.widget) {
    case 'whole-number':
      return <WholeNumber field={field} path={path} />
    case 'date-ru':
      return <DateInput field={field} path={path} />
    case 'select':
      return field.multiple ? (
        <Chips field={field} path={path} />
      ) : (
        <Choice field={field} path={path} />
      )
    case 'relation':
      return <Chips field={field} path={path} />
    case 'boolean':
      return <Tick field={field} path={path} />
    case 'image':
      return <Picture field={field} path={path} />
    case 'object':
      return <Group field={field} path={path} />
    case 'russian-list':
      return <List field={field} path={path} />
    default:
      return <TextInput field={field} path={path} />
  }
}

export function Fields({ fields, path = [] }: { fields: readonly Field[]; path?: Path }) {
  return (
    <>
      {fields.map((field) => (
        <Single key={field.name} field={field} path={[...path, field.name]} />
      ))}
    </>
  )
}
