import { createContext, useContext } from 'react'
import type { Option } from '../sections.ts'
import type { NewPicture } from '../api.ts'

// What every field of an entry's form reaches: the value at its path, the refusal to show there,
// and the few lists a field needs from outside its entry (the courses, the new pictures).

export type Path = readonly (string | number)[]

/** `prices.basic`, `skills[2]`: a path as the content check names a field. */
export function pathKey(path: Path): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${key}`))
    .join('')
}

/** An element id for a path: letters, digits and dashes. */
export function fieldId(path: Path): string {
  return `field-${path.join('-')}`
}

export function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object'
        ? (node as Record<string | number, unknown>)[key]
        : undefined,
    value,
  )
}

/** A copy of `value` with `next` at `path`. */
export function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next
  const [key, ...rest] = path as [string | number, ...(string | number)[]]
  if (Array.isArray(value)) {
    const copy = [...(value as unknown[])]
    copy[key as number] = setAt(copy[key as number], rest, next)
    return copy
  }
  const object = value !== null && typeof value === 'object' ? value : {}
  return { ...object, [key]: setAt((object as Record<string, unknown>)[key], rest, next) }
}

export type FormState = {
  value: Record<string, unknown>
  set(path: Path, next: unknown): void
  /** The refusal shown at a field now, if any. */
  errorAt(path: Path): string | undefined
  /** A field left by the owner: its refusal shows from now on. */
  touch(path: Path): void
  /** A field's own reading of what was typed (a number, a date) failed, or passes again. */
  setInputError(path: Path, message: string | undefined): void
  /** The courses an entry can name (a group's course, a teacher's courses). */
  courses: Option[]
  /** The saved teachers a group can name (by the file's name, shown by the teacher's). */
  teachers: Option[]
  /** Pictures chosen in this form, sent with the save: path → object URL for the preview. */
  addPicture(picture: NewPicture, preview: string): void
  previewOf(publicPath: string): string | undefined
  /** Whether the entry was a sample when opened (only then its «Образец» tick is offered). */
  wasSample: boolean
}

export const FormContext = createContext<FormState | undefined>(undefined)

export function useForm(): FormState {
  const form = useContext(FormContext)
  if (!form) throw new Error('a field outside its form')
  return form
}
