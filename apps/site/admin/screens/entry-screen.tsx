import { useEffect, useMemo, useRef, useState } from 'react'
import { priceJumps, type PriceJump } from '@it-lab/shared/content'
import { pluralRu } from '#app/content/plural.ts'
import {
  ApiError,
  deleteEntry,
  LOGIN_PATH,
  parsed,
  readEntry,
  saveEntry,
  type FieldProblem,
  type NewPicture,
} from '../api.ts'
import {
  courseOptions,
  launchList,
  nextCourseNumber,
  pageOf,
  savedCourses,
  savedTeachers,
  summary,
  takenNumber,
  teacherOptions,
  type Listed,
} from '../entries.ts'
import { Fields } from '../form/fields.tsx'
import {
  FormContext,
  pathKey,
  setAt,
  valueAt,
  type FormState,
  type Path,
} from '../form/form-state.ts'
import { fieldErrors } from '../form/validation.ts'
import { emptyValue, formOf, newEntryPath, type Field, type Section } from '../sections.ts'
import { href, navigate, setNotice } from '../routes.ts'
import { savedPreview } from '../pictures.ts'
import { History } from './history.tsx'
import { SaveState } from './save-state.tsx'
import { useLoad } from './use-load.ts'

// One entry or single file: its form, saved with the content check's refusals at their fields, a
// question before a price moves more than threefold, its state on the site, its history, and
// its delete. Nothing she typed is lost on a refusal: the form keeps it.

type Opened = {
  path: string
  value: Record<string, unknown>
  isNew: boolean
  courses: Listed[]
  /** The saved teachers, for a section that names one (a group); else none asked. */
  teachers: Listed[]
}

const SAVED = 'Сохранено. На сайте правка появится после публикации.'
const SIGNED_OUT =
  'Не сохранено: вход в редактор устарел. Войдите снова в новой вкладке, вернитесь сюда и нажмите «Сохранить» ещё раз: всё, что вы вписали, осталось на этой странице.'

/** The saves of this visit by file, so an entry opened again shows its last save's state. */
const lastSaves = new Map<string, string>()

async function open(path: string | undefined, section: Section | undefined): Promise<Opened> {
  // The courses and teachers (for the form's choices), the entry and its pictures' previews are
  // asked at once, not one after another: on a phone each round trip costs a few hundred ms.
  const courses = savedCourses()
  const fields = section?.fields ?? (path === undefined ? undefined : formOf(path)?.fields)
  const teachers = fields?.some((field) => field.collection === 'teachers')
    ? savedTeachers()
    : Promise.resolve([])
  if (path === undefined) {
    const value = emptyValue(fields ?? [])
    // A new course takes the next free number (the file is named by it).
    if (section?.name === 'courses') {
      value.id = nextCourseNumber(await courses)
    }
    return { path: '', value, isNew: true, courses: await courses, teachers: await teachers }
  }
  const entry = await readEntry(path)
  const value = parsed(entry)
  if (entry.data === null)
    throw new ApiError(404, 'Этой записи нет: её удалили или ещё не создали.')
  if (!value) throw new ApiError(422, 'Файл этой записи испорчен: сообщите администратору.')
  for (const picture of picturesIn(value)) void savedPreview(picture).catch(() => undefined)
  return { path, value, isNew: false, courses: await courses, teachers: await teachers }
}

export function EntryScreen({ path, section }: { path?: string; section?: Section }) {
  const [loaded, reload] = useLoad(() => open(path, section), `${path ?? 'new'}:${section?.name}`)
  if (loaded.state === 'loading') return <p role="status">Открываем…</p>
  if (loaded.state === 'failed') {
    return (
      <div className="notice error-box" role="alert">
        <p>{loaded.message}</p>
        {loaded.status === 404 ? (
          <p>
            Удалённую запись можно вернуть в разделе <a href={href.deleted}>«Удалённое»</a>.
          </p>
        ) : (
          <button type="button" onClick={reload}>
            Попробовать ещё раз
          </button>
        )}
      </div>
    )
  }
  const form = formOf(loaded.data.isNew ? `${section?.folder}/new.json` : loaded.data.path)
  if (!form) return <p role="alert">Этот файл редактор не показывает.</p>
  return (
    <EntryForm
      key={loaded.data.path || 'new'}
      opened={loaded.data}
      section={form.section}
      fields={form.fields}
      title={form.file?.label}
      description={form.file?.description}
      onReload={reload}
    />
  )
}

type ServerProblem = { field: string; message: string; value: string }

function EntryForm({
  opened,
  section,
  fields,
  title,
  description,
  onReload,
}: {
  opened: Opened
  section: Section
  fields: Field[]
  title?: string
  description?: string
  onReload(): void
}) {
  const [value, setValue] = useState(opened.value)
  const [saved, setSaved] = useState(opened.value)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  /** Fields whose refusal a change elsewhere brought: shown at once (a review's link for its site). */
  const [brought, setBrought] = useState<ReadonlySet<string>>(new Set())
  const [attempted, setAttempted] = useState(false)
  const [inputErrors, setInputErrors] = useState<ReadonlyMap<string, string>>(new Map())
  const [serverProblems, setServerProblems] = useState<ServerProblem[]>([])
  const [pictures, setPictures] = useState<NewPicture[]>([])
  const [previews, setPreviews] = useState<ReadonlyMap<string, string>>(new Map())
  const [message, setMessage] = useState<{
    ok: boolean
    text: string
    more?: string[]
    /** The session ended: «Войти снова» in a new tab keeps this form, and what she typed. */
    signIn?: boolean
  }>()
  const [busy, setBusy] = useState(false)
  const [commit, setCommit] = useState(lastSaves.get(opened.path))
  const [question, setQuestion] = useState<'jumps' | 'delete'>()
  const [jumps, setJumps] = useState<PriceJump[]>([])
  const dialog = useRef<HTMLDialogElement>(null)
  const filePath = opened.path || `${section.folder}/new.json`
  const errors = useMemo(() => {
    const found = fieldErrors(filePath, value)
    const taken =
      section.name === 'courses' ? takenNumber(opened.courses, value.id, opened.path) : undefined
    if (taken && !found.has('id')) found.set('id', taken)
    return found
  }, [filePath, value, section.name, opened.courses, opened.path])
  const initialErrors = useMemo(() => fieldErrors(filePath, opened.value), [filePath, opened.value])

  useSavedPreviews(value, previews, setPreviews)

  const errorAt = (at: Path): string | undefined => {
    const key = pathKey(at)
    const own = inputErrors.get(key)
    if (own) return own
    const server = serverProblems.find(
      (problem) =>
        problem.field === key && JSON.stringify(valueAt(value, at) ?? null) === problem.value,
    )
    if (server) return server.message
    const rule = errors.get(key)
    // A new form is not all red at once: a field's refusal shows once she has been there, once
    // she tries to save, or when another choice makes it appear (a review's link for its site).
    const shown =
      !opened.isNew ||
      attempted ||
      touched.has(key) ||
      brought.has(key) ||
      initialErrors.get(key) !== rule
    return shown ? rule : undefined
  }

  const form: FormState = {
    value,
    set: (at, next) => {
      // Choosing Яндекс Карты asks for the link at once, even when the form began on it.
      const changed = pathKey(at)
      const after = fieldErrors(filePath, setAt(value, at, next))
      const appeared = [...after].filter(
        ([key, rule]) => key !== changed && errors.get(key) !== rule,
      )
      if (appeared.length > 0) {
        setBrought((current) => new Set([...current, ...appeared.map(([key]) => key)]))
      }
      setValue((current) => setAt(current, at, next) as Record<string, unknown>)
      setMessage(undefined)
    },
    errorAt,
    touch: (at) => setTouched((current) => new Set(current).add(pathKey(at))),
    setInputError: (at, text) =>
      setInputErrors((current) => {
        const next = new Map(current)
        if (text) next.set(pathKey(at), text)
        else next.delete(pathKey(at))
        return next
      }),
    courses: courseOptions(opened.courses),
    teachers: teacherOptions(opened.teachers),
    addPicture: (picture, preview) => {
      setPictures((current) => [...current.filter((p) => p.path !== picture.path), picture])
      setPreviews((current) => new Map(current).set(picture.path.replace(/^content/, ''), preview))
    },
    previewOf: (publicPath) => previews.get(publicPath),
    wasSample: opened.value.sample === true,
  }

  const refusals = (): number => {
    const keys = new Set([...errors.keys(), ...inputErrors.keys()])
    return keys.size
  }

  async function save(confirmed: boolean) {
    setAttempted(true)
    const count = refusals()
    if (count > 0) {
      setMessage({
        ok: false,
        text: `Не сохранено: ${count} ${pluralRu(count, ['поле нужно исправить', 'поля нужно исправить', 'полей нужно исправить'])}. Они отмечены красным, под каждым сказано, что не так.`,
      })
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      )
      return
    }
    const moved = section.name === 'courses' && !opened.isNew ? priceJumps(saved, value) : []
    if (moved.length > 0 && !confirmed) {
      setJumps(moved)
      setQuestion('jumps')
      dialog.current?.showModal()
      return
    }
    setBusy(true)
    const to = opened.isNew
      ? newEntryPath(section, value)
      : section.name === 'courses'
        ? `${section.folder}/${String(value.id)}.json`
        : opened.path
    try {
      const raw = `${JSON.stringify(value, null, 2)}\n`
      const done = await saveEntry(opened.path || to, to, raw, pictures, opened.isNew)
      lastSaves.set(to, done.commit)
      setCommit(done.commit)
      setPictures([])
      setSaved(value)
      setServerProblems([])
      setMessage({ ok: true, text: SAVED })
      void launchList(true).catch(() => undefined)
      if (section.name === 'courses') void savedCourses(true).catch(() => undefined)
      if (section.name === 'teachers') void savedTeachers(true).catch(() => undefined)
      if (to !== opened.path) {
        // The entry's own address opens a new form: the word that it is saved goes with it.
        setNotice(SAVED, href.entry(to))
        navigate(href.entry(to), true)
      }
    } catch (error) {
      const refused = error instanceof ApiError ? error : new ApiError(0, String(error))
      const here = refused.problems.filter(
        (problem) => (problem.file === opened.path || problem.file === to) && problem.field,
      )
      setServerProblems(
        here.map((problem) => ({
          field: problem.field,
          message: problem.message.charAt(0).toUpperCase() + problem.message.slice(1),
          value: JSON.stringify(valueAt(value, keyPath(problem.field)) ?? null),
        })),
      )
      const elsewhere = refused.problems.filter((problem) => !here.includes(problem))
      // The gateway's own words say to reload the page, which would lose the form.
      if (refused.status === 401) {
        setMessage({ ok: false, text: SIGNED_OUT, signIn: true })
        return
      }
      setMessage({
        ok: false,
        text:
          here.length > 0
            ? 'Не сохранено: поля, которые нужно исправить, отмечены красным.'
            : refused.problems.length > 0
              ? 'Не сохранено: проверка сайта нашла ошибки.'
              : `Не сохранено. ${refused.message}`,
        more: elsewhere.map(problemWords),
      })
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    setBusy(true)
    try {
      await deleteEntry(opened.path)
      void launchList(true).catch(() => undefined)
      if (section.name === 'courses') void savedCourses(true).catch(() => undefined)
      if (section.name === 'teachers') void savedTeachers(true).catch(() => undefined)
      setNotice(
        `Запись «${entryName(section, value)}» удалена. Вернуть её можно в разделе «Удалённое» в течение 90 дней.`,
        href.section(section.name),
      )
      navigate(href.section(section.name))
    } catch (error) {
      const refused = error instanceof ApiError ? error : new ApiError(0, String(error))
      setMessage(
        refused.problems.length > 0
          ? {
              ok: false,
              text: 'Не удалено: без этой записи сайт не пройдёт проверку.',
              more: refused.problems.map(problemWords),
            }
          : { ok: false, text: `Не удалено. ${refused.message}` },
      )
      setBusy(false)
    }
  }

  // A group has no name: it is told by its course, days and time, as in its list.
  const group =
    section.name === 'groups'
      ? summary('groups', { path: opened.path, value }, opened.courses)
      : undefined
  const heading = opened.isNew
    ? `Новая запись: ${section.label_singular ?? section.label}`
    : (title ?? (group ? `${group.title}: ${group.detail ?? ''}` : entryName(section, value)))

  return (
    <FormContext.Provider value={form}>
      <form
        className="entry"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void save(false)
        }}
      >
        <h1>{heading}</h1>
        {description ? <p className="hint">{description}</p> : null}
        {value.hidden === true ? (
          <p className="badge hidden-badge">Скрыт: на сайте его нет</p>
        ) : null}
        {!opened.isNew && !commit ? (
          <SaveState path={opened.path} page={pageOf(opened.path, saved)} />
        ) : null}
        <Fields fields={fields} />
        <div className="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Сохраняем…' : 'Сохранить'}
          </button>
        </div>
        {message ? (
          <div
            className={message.ok ? 'notice ok-box' : 'notice error-box'}
            role={message.ok ? 'status' : 'alert'}
          >
            <p>{message.text}</p>
            {message.signIn ? (
              <p>
                <a className="button" href={LOGIN_PATH} target="_blank" rel="noreferrer">
                  Войти снова
                </a>
              </p>
            ) : null}
            {message.more && message.more.length > 0 ? (
              <ul>
                {message.more.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {commit ? <SaveState commit={commit} page={pageOf(opened.path || '', saved)} /> : null}
      </form>
      {!opened.isNew ? (
        <>
          <History
            path={opened.path}
            onReturned={(returned) => {
              lastSaves.set(opened.path, returned)
              void launchList(true).catch(() => undefined)
              onReload()
            }}
          />
          {section.folder ? (
            <div className="danger-zone">
              <button
                type="button"
                className="secondary danger"
                onClick={() => {
                  setQuestion('delete')
                  dialog.current?.showModal()
                }}
              >
                Удалить запись
              </button>
            </div>
          ) : null}
        </>
      ) : null}
      <dialog ref={dialog} aria-labelledby="question-title" onClose={() => setQuestion(undefined)}>
        {question === 'jumps' ? (
          <>
            <h2 id="question-title">{jumps.map((jump) => jump.question).join(' ')}</h2>
            <ul>
              {jumps.map((jump) => (
                <li key={jump.field}>{jump.label.replace(/^.* → /, '')}</li>
              ))}
            </ul>
            <p>Цена изменилась больше чем втрое. Проверьте, нет ли лишней или пропущенной цифры.</p>
          </>
        ) : (
          <>
            <h2 id="question-title">Удалить «{entryName(section, value)}»?</h2>
            <p>
              Запись пропадёт с сайта. Вернуть её можно в разделе «Удалённое» в течение 90 дней.
            </p>
          </>
        )}
        <div className="actions">
          <button
            type="button"
            className={question === 'delete' ? 'danger' : undefined}
            onClick={() => {
              dialog.current?.close()
              if (question === 'delete') void remove()
              else void save(true)
            }}
          >
            {question === 'delete' ? 'Да, удалить' : 'Да, сохранить'}
          </button>
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            {question === 'delete' ? 'Нет, оставить' : 'Нет, исправлю'}
          </button>
        </div>
      </dialog>
    </FormContext.Provider>
  )
}

/** `prices.basic`, `skills[2]` → ['prices', 'basic'], ['skills', 2]. */
function keyPath(field: string): Path {
  return field
    .split(/\.|(?=\[)/)
    .map((part) => (/^\[\d+\]$/.test(part) ? Number(part.slice(1, -1)) : part))
}

/** A problem of another file in words: «группа, поле «Преподаватель»: …», not a file path. */
function problemWords({ file, field, message }: FieldProblem): string {
  const form = formOf(file)
  if (!form) return message
  const where = form.file?.label ?? form.section.label_singular ?? form.section.label
  const names = field.split('.').map((part) => part.replace(/\[\d+\]$/, ''))
  let fields: readonly Field[] = form.fields
  let label: string | undefined
  for (const name of names) {
    const found = fields.find((candidate) => candidate.name === name)
    label = found?.label
    fields = found?.fields ?? (found?.field ? [found.field] : [])
  }
  return label ? `${where}, поле «${label}»: ${message}` : `${where}: ${message}`
}

function entryName(section: Section, value: Record<string, unknown>): string {
  const first = ['title', 'name', 'question', 'author', 'alt', 'heading']
    .map((key) => value[key])
    .find((candidate) => typeof candidate === 'string' && candidate !== '')
  return typeof first === 'string' ? first : (section.label_singular ?? 'запись')
}

/** The saved pictures' previews (small WebP files), asked for only those this entry shows. */
function useSavedPreviews(
  value: unknown,
  previews: ReadonlyMap<string, string>,
  setPreviews: (
    update: (current: ReadonlyMap<string, string>) => ReadonlyMap<string, string>,
  ) => void,
) {
  const wanted = [...picturesIn(value)].filter((publicPath) => !previews.has(publicPath))
  const key = wanted.join('\n')
  useEffect(() => {
    for (const publicPath of wanted) {
      savedPreview(publicPath).then(
        (preview) => setPreviews((current) => new Map(current).set(publicPath, preview)),
        () => undefined,
      )
    }
    // `wanted` is what `key` names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
}

function* picturesIn(value: unknown): Generator<string> {
  if (typeof value === 'string' && /^\/uploads\/[^/]+$/.test(value)) yield value
  else if (Array.isArray(value)) for (const item of value) yield* picturesIn(item)
  else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) yield* picturesIn(item)
  }
}
