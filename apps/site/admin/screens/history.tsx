import { useState } from 'react'
import { schoolTime } from '@it-lab/shared/school-time'
import { baseIds, call } from '../api.ts'
import { useLoad } from './use-load.ts'

// An entry's own history (apps/editor/README.md, "History and undo"): who changed what and when,
// in words, and «Вернуть как было» on any change, without the administrator.

type Change = { commit: string; at: string; who: string; subject: string; changes: string[] }

export function History({ path, onReturned }: { path: string; onReturned(commit: string): void }) {
  const [open, setOpen] = useState(false)
  return (
    <details className="history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>История изменений</summary>
      {open ? <Changes path={path} onReturned={onReturned} /> : null}
    </details>
  )
}

function Changes({ path, onReturned }: { path: string; onReturned(commit: string): void }) {
  const [loaded, reload] = useLoad(() => call<Change[]>('history', { path }), path)
  const [asking, setAsking] = useState<string>()
  const [failed, setFailed] = useState<string>()
  if (loaded.state === 'loading') return <p role="status">Загружаем историю…</p>
  if (loaded.state === 'failed') return <p role="alert">{loaded.message}</p>
  if (loaded.data.length === 0) return <p>За последние 90 дней эту запись не меняли.</p>
  return (
    <>
      {failed ? (
        <p role="alert" className="error">
          {failed}
        </p>
      ) : null}
      <ol className="changes">
        {loaded.data.map((change) => (
          <li key={change.commit}>
            <p className="when">
              {schoolTime(change.at)}, {change.who}
            </p>
            <ul>
              {change.changes.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {asking === change.commit ? (
              <div className="actions">
                <span>Вернуть запись к виду до этого изменения?</span>
                <button
                  type="button"
                  onClick={async () => {
                    setAsking(undefined)
                    try {
                      const done = await call<{ commit: string }>('revert', {
                        path,
                        commit: change.commit,
                        baseIds: baseIds([path]),
                      })
                      onReturned(done.commit)
                    } catch (error) {
                      setFailed(`Не вернули. ${(error as Error).message}`)
                      reload()
                    }
                  }}
                >
                  Да, вернуть
                </button>
                <button type="button" className="secondary" onClick={() => setAsking(undefined)}>
                  Нет
                </button>
              </div>
            ) : (
              <button type="button" className="secondary" onClick={() => setAsking(change.commit)}>
                Вернуть как было
              </button>
            )}
          </li>
        ))}
      </ol>
    </>
  )
}
