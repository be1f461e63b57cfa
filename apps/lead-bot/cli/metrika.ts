// Metrika's offline conversions (docs/decisions/0078-where-a-lead-came-from.md): the statuses the
// owner sets in the chat, as the CSV Metrika's upload takes, and the upload through its
// Management API. The file names no one: an id Metrika gave the visit, a goal and a time.
import type { ConversionPress } from '../src/store/desk-store.ts'
import type { DeskStatus } from '../src/desk-statuses.ts'

/** The id a file links conversions to visits by: Metrika's ClientID, or Yandex Direct's click. */
export const ID_TYPES = ['client-id', 'yclid'] as const
export type IdType = (typeof ID_TYPES)[number]

/** The file's id column and the upload's `client_id_type`, as Metrika's documentation names them. */
const ID_COLUMN: Record<IdType, { column: string; apiType: string }> = {
  'client-id': { column: 'ClientId', apiType: 'CLIENT_ID' },
  yclid: { column: 'Yclid', apiType: 'YCLID' },
}

export const DEFAULT_API_URL = 'https://api-metrika.yandex.net'

/** Which statuses are conversions, and the goal (its JavaScript-event id) each is counted as. */
export type MetrikaTargets = Partial<Record<DeskStatus, string>>

const GOAL_ID = /^[A-Za-z0-9_.-]{1,100}$/

/**
 * METRIKA_TARGET_TRIAL and METRIKA_TARGET_ENROLLED: the goals «Пришли на пробное» and «Записан»
 * count as (defaults `trial` and `enrolled`); an empty value exports none of that status.
 */
export function metrikaTargets(env: NodeJS.ProcessEnv): MetrikaTargets {
  const targets: MetrikaTargets = {}
  const read = (status: DeskStatus, name: string, fallback: string) => {
    const value = (env[name] ?? fallback).trim()
    if (value === '') return
    if (!GOAL_ID.test(value)) {
      throw new Error(`${name} must be a goal id of Latin letters, digits, _ . or -`)
    }
    targets[status] = value
  }
  read('trial', 'METRIKA_TARGET_TRIAL', 'trial')
  read('enrolled', 'METRIKA_TARGET_ENROLLED', 'enrolled')
  return targets
}

export interface OfflineConversions {
  csv: string
  rows: number
  /** Conversions of leads without the file's id (no consent to analytics, no ad click). */
  skipped: number
}

/**
 * The upload's CSV: a header naming the id column, `Target` and `DateTime` (Unix seconds), then
 * one row per conversion press (each lead's first of each status). Presses of statuses that are
 * not conversions are left out; conversions without the id are counted as skipped.
 */
export function offlineConversions(
  presses: readonly ConversionPress[],
  targets: MetrikaTargets,
  idType: IdType,
): OfflineConversions {
  const lines = [`${ID_COLUMN[idType].column},Target,DateTime`]
  let skipped = 0
  for (const press of presses) {
    const target = targets[press.status]
    if (target === undefined) continue
    const id = idType === 'client-id' ? press.clientId : press.yclid
    // The stored ids are digits (lead-source.ts checks a ClientID; a yclid is read as sent).
    if (id === null || !/^[0-9A-Za-z_-]+$/.test(id)) {
      skipped += 1
      continue
    }
    lines.push(`${id},${target},${Math.floor(Date.parse(press.at) / 1000)}`)
  }
  return { csv: `${lines.join('\n')}\n`, rows: lines.length - 1, skipped }
}

export interface UploadOptions {
  apiUrl?: string
  counterId: string
  token: string
  idType: IdType
  csv: string
  comment?: string
}

/** Metrika's answer to an upload it refused: its own words, for the operator. */
export class MetrikaUploadError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.name = 'MetrikaUploadError'
    this.status = status
  }
}

/** The message of a Management API error body (`errors[].message`, else `message`). */
function apiMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { errors, message } = body as { errors?: unknown; message?: unknown }
  if (Array.isArray(errors)) {
    const messages = errors.flatMap((error: unknown) => {
      const text = (error as { message?: unknown } | null)?.message
      return typeof text === 'string' ? [text] : []
    })
    if (messages.length > 0) return messages.join('; ')
  }
  return typeof message === 'string' ? message : undefined
}

/**
 * POST {api}/management/v1/counter/{counterId}/offline_conversions/upload with the CSV as the
 * multipart field `file` and `Authorization: OAuth <token>`; resolves to the upload's id.
 */
export async function uploadOfflineConversions(options: UploadOptions): Promise<number> {
  const url = new URL(
    `/management/v1/counter/${encodeURIComponent(options.counterId)}/offline_conversions/upload`,
    options.apiUrl ?? DEFAULT_API_URL,
  )
  url.searchParams.set('client_id_type', ID_COLUMN[options.idType].apiType)
  if (options.comment !== undefined) url.searchParams.set('comment', options.comment)
  const form = new FormData()
  form.set('file', new Blob([options.csv], { type: 'text/csv' }), 'conversions.csv')
  const response = await fetch(url, {
    method: 'POST',
    headers: { Authorization: `OAuth ${options.token}` },
    body: form,
    signal: AbortSignal.timeout(60_000),
  })
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  if (response.status === 401 || response.status === 403) {
    throw new MetrikaUploadError(
      response.status,
      `Metrika refused the token (${response.status}): ${apiMessage(body) ?? 'no reason given'}. ` +
        'Check METRIKA_OAUTH_TOKEN and that it may manage counter METRIKA_COUNTER_ID',
    )
  }
  if (!response.ok) {
    throw new MetrikaUploadError(
      response.status,
      `Metrika refused the file (${response.status}): ${apiMessage(body) ?? text.slice(0, 300)}`,
    )
  }
  const id = (body as { uploading?: { id?: unknown } } | undefined)?.uploading?.id
  if (typeof id !== 'number') {
    throw new MetrikaUploadError(response.status, 'Metrika answered without an upload id')
  }
  return id
}
