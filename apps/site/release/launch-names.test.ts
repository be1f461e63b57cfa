import { singleFileNames } from '@it-lab/content-check'
import { expect, it } from 'vitest'
import { editorSections } from '../vite/editor-config/editor-sections.ts'

// The launch list names a single file's part as the editor's form does («Пробный урок → Как
// проходит пробный урок»): the content check takes the names from the labels the form is built
// from, and this compares the two, every part of every single file.

type EditorField = { name: string; label: string; fields?: EditorField[] }
type SingleFileForm = { file: string; label: string; fields: EditorField[] }

/** Every part of a form by its path, with the names the editor shows on the way to it. */
function parts(fields: EditorField[], keys: string[] = [], names: string[] = []) {
  return fields.flatMap((field): { keys: string[]; names: string[] }[] => {
    const at = { keys: [...keys, field.name], names: [...names, field.label] }
    return [at, ...parts(field.fields ?? [], at.keys, at.names)]
  })
}

const forms = (editorSections() as { files?: SingleFileForm[] }[])
  .flatMap(({ files = [] }) => files)
  .filter(({ file }) => file !== 'content/school.json')

it.each(forms.map((form) => [form.file, form]))(
  '%s: its parts as the editor names them',
  (file, form) => {
    expect(singleFileNames(file, [])).toBe(form.label)
    for (const { keys, names } of parts(form.fields)) {
      expect(singleFileNames(file, keys), keys.join('.')).toBe([form.label, ...names].join(' → '))
    }
  },
)
