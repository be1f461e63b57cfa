import { parsed, readFolder } from '../api.ts'
import { launchList, savedCourses, summary, type LaunchList, type Listed } from '../entries.ts'
import { href } from '../routes.ts'
import type { Section } from '../sections.ts'
import { LoadFailed } from './load-failed.tsx'
import { useLoad } from './use-load.ts'

// A section's entries, each with what tells it apart and its marks («Образец», «скрыт»), and
// «Добавить»; a section of single files lists its files.

type Loaded = { entries: Listed[]; courses: Listed[] }

async function load(section: Section): Promise<Loaded> {
  const [files, courses] = await Promise.all([readFolder(section.folder ?? ''), savedCourses()])
  const entries = files.flatMap((file) => {
    const value = parsed(file)
    return value ? [{ path: file.file.path, value }] : []
  })
  return { entries, courses }
}

export function SectionScreen({ section }: { section: Section }) {
  return (
    <>
      <h1>{section.label}</h1>
      {section.files ? (
        <ul className="menu">
          {section.files.map((file) => (
            <li key={file.file}>
              <a href={href.entry(file.file)}>{file.label}</a>
            </li>
          ))}
        </ul>
      ) : (
        <Entries section={section} />
      )}
    </>
  )
}

function Entries({ section }: { section: Section }) {
  const [loaded, reload] = useLoad(() => load(section), section.name)
  const [launch] = useLoad(() => launchList(), 'launch')
  const samples = samplePaths(launch.state === 'ready' ? launch.data : undefined)
  return (
    <>
      <p>
        <a className="button" href={href.newEntry(section.name)}>
          Добавить: {section.label_singular ?? 'запись'}
        </a>
      </p>
      {loaded.state === 'loading' ? <p role="status">Загружаем…</p> : null}
      {loaded.state === 'failed' ? <LoadFailed message={loaded.message} retry={reload} /> : null}
      {loaded.state === 'ready' ? (
        loaded.data.entries.length === 0 ? (
          <p>Здесь пока ничего нет.</p>
        ) : (
          <ul className="entries">
            {loaded.data.entries
              .map((entry) => ({ entry, line: summary(section.name, entry, loaded.data.courses) }))
              .toSorted((a, b) =>
                a.line.order < b.line.order ? -1 : a.line.order > b.line.order ? 1 : 0,
              )
              .map(({ entry, line }) => (
                <li key={entry.path}>
                  <a href={href.entry(entry.path)}>
                    <span className="entry-title">{line.title || 'Без названия'}</span>
                    {line.detail ? <span className="entry-detail">{line.detail}</span> : null}
                    <span className="marks">
                      {entry.value.sample === true || samples.has(entry.path) ? (
                        <span className="badge sample-badge">Образец</span>
                      ) : null}
                      {line.hidden ? <span className="badge hidden-badge">скрыт</span> : null}
                    </span>
                  </a>
                </li>
              ))}
          </ul>
        )
      ) : null}
    </>
  )
}

/** The entries the release check still refuses as the shipped samples. */
function samplePaths(launch: LaunchList | undefined): Set<string> {
  return new Set(
    (launch?.items ?? [])
      .filter((item) => item.kind === 'sample-entry' || item.kind === 'sample-words')
      .map((item) => item.path),
  )
}
