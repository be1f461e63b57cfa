import { useState } from 'react'
import { schoolTime } from '@it-lab/shared/school-time'
import { call } from '../api.ts'
import { launchList, savedCourses } from '../entries.ts'
import { href, navigate, setNotice } from '../routes.ts'
import { useLoad } from './use-load.ts'

// «Удалённое»: entries deleted in the last 90 days and not back since, each with «Вернуть».

type Deleted = { path: string; commit: string; at: string; who: string; title: string }

/**
 * The gateway names an entry with its own quotes («объявление «День открытых дверей»»): shown
 * as it is, capitalised, never quoted again.
 */
const capitalised = (title: string) => title.charAt(0).toUpperCase() + title.slice(1)

export function DeletedScreen() {
  const [loaded, reload] = useLoad(() => call<Deleted[]>('deletedEntries'), 'deleted')
  const [failed, setFailed] = useState<string>()
  return (
    <>
      <h1>Удалённое</h1>
      <p>Удалённые записи за последние 90 дней. Возвращённая запись снова появится на сайте.</p>
      {failed ? (
        <p role="alert" className="notice error-box">
          {failed}
        </p>
      ) : null}
      {loaded.state === 'loading' ? <p role="status">Загружаем…</p> : null}
      {loaded.state === 'failed' ? <p role="alert">{loaded.message}</p> : null}
      {loaded.state === 'ready' && loaded.data.length === 0 ? <p>Ничего не удаляли.</p> : null}
      {loaded.state === 'ready' && loaded.data.length > 0 ? (
        <ul className="entries">
          {loaded.data.map((entry) => (
            <li key={`${entry.path} ${entry.commit}`} className="entry-static">
              <span className="entry-title">{capitalised(entry.title)}</span>
              <span className="entry-detail">
                Удалено {schoolTime(entry.at)}, {entry.who}
              </span>
              <button
                type="button"
                className="secondary"
                aria-label={`Вернуть: ${entry.title}`}
                onClick={async () => {
                  try {
                    await call('restoreEntry', { path: entry.path, commit: entry.commit })
                    void launchList(true).catch(() => undefined)
                    void savedCourses(true).catch(() => undefined)
                    setNotice(`Вернули: ${entry.title}.`, href.entry(entry.path))
                    navigate(href.entry(entry.path))
                  } catch (error) {
                    setFailed(`Не вернули. ${(error as Error).message}`)
                    reload()
                  }
                }}
              >
                Вернуть
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
}
