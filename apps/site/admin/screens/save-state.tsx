import { useEffect, useState } from 'react'
import { call } from '../api.ts'

// Whether a save is on the site (apps/editor/README.md, "Publishing"): «Ждёт публикации», then
// «На сайте с 14:32» with a link to the page, or «Не опубликовано: …» with the reason. Asked again
// every few seconds while it waits: publishing runs every minute or two.

export type SaveStateAnswer = {
  preview: boolean
  notice?: string
  saves: {
    commit: string
    state: 'live' | 'waiting' | 'refused'
    text: string
    reasons?: string[]
  }[]
}

const POLL_MS = 10_000

/** The state of one save (`commit`), or of the entry's last save (`path`). */
export function SaveState({
  commit,
  path,
  page,
}: {
  commit?: string
  path?: string
  page: string
}) {
  const [answer, setAnswer] = useState<SaveStateAnswer>()
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let current = true
    const ask = () =>
      call<SaveStateAnswer>('publishState', commit ? { commits: [commit] } : { path }).then(
        (next) => {
          if (!current) return
          setAnswer(next)
          if (next.saves[0]?.state === 'waiting') timer = setTimeout(ask, POLL_MS)
        },
        // A state not read now is read at the next look: it is never a reason to stop editing.
        () => current && (timer = setTimeout(ask, POLL_MS)),
      )
    void ask()
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [commit, path])
  const save = answer?.saves[0]
  if (!save) return null
  return (
    <div className={`save-state ${save.state}`} role="status">
      <p>
        {save.state === 'live' ? (
          <>
            {save.text}{' '}
            <a href={page} target="_blank" rel="noreferrer">
              Открыть страницу
            </a>
          </>
        ) : (
          save.text
        )}
      </p>
      {save.state === 'refused' && save.reasons && save.reasons.length > 1 ? (
        <ul>
          {save.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
