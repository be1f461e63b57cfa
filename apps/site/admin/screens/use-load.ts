import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '../api.ts'

// A screen's data from the gateway: loading, the data, or the refusal in the owner's words.

export type Loaded<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  | { state: 'failed'; message: string; status: number }

const LOADING = { state: 'loading' } as const

/** Loads what `key` names, again on `reload`. */
export function useLoad<T>(load: () => Promise<T>, key: string): [Loaded<T>, () => void] {
  const [round, setRound] = useState(0)
  const id = `${key}#${round}`
  const [result, setResult] = useState<{ id: string; loaded: Loaded<T> }>()
  useEffect(() => {
    let current = true
    load().then(
      (data) => current && setResult({ id, loaded: { state: 'ready', data } }),
      (error: unknown) =>
        current &&
        setResult({
          id,
          loaded: {
            state: 'failed',
            message: error instanceof Error ? error.message : String(error),
            status: error instanceof ApiError ? error.status : 0,
          },
        }),
    )
    return () => {
      current = false
    }
    // `id` names what is loaded; `load` is a new closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id])
  const reload = useCallback(() => setRound((value) => value + 1), [])
  return [result?.id === id ? result.loaded : LOADING, reload]
}
