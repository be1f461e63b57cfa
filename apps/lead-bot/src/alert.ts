// What `npm run alert` posts to the school's chat, and when (docs/decisions/0046): one message
// when an incident begins, one when it is over, nothing in between. The state between runs is a
// small JSON file; this module only decides, the command probes, posts and stores.
import * as z from 'zod'
import { escapeHtml, schoolTime } from './telegram.ts'

/** Restarts are counted within this window; the incident is over after one without any. */
export const RESTART_WINDOW_MS = 15 * 60_000

export const INCIDENT_KINDS = ['down', 'gave_up', 'restarts', 'waiting', 'failed'] as const
export type IncidentKind = (typeof INCIDENT_KINDS)[number]

const incidentSchema = z.object({
  since: z.number(),
  /** Its opening line reached the chat. */
  notified: z.boolean(),
  text: z.string(),
  /** Seen over, but the chat has not been told yet. */
  resolvedAt: z.number().optional(),
})

export const alertStateSchema = z.object({
  incidents: z.partialRecord(z.enum(INCIDENT_KINDS), incidentSchema),
  /** When a post first failed, while none has got through since (Telegram down, a bad token). */
  undeliveredSince: z.number().optional(),
  /** The supervisor's restart counter last seen, and when each restart since was noticed. */
  restarts: z.object({ count: z.number(), seen: z.array(z.number()) }).optional(),
})

export type AlertState = z.output<typeof alertStateSchema>

export const EMPTY_STATE: AlertState = { incidents: {} }

export type HealthReading =
  | { ok: true; pending: number; failed: number; oldestPendingAgeS: number }
  /** Unreachable, or not ok: why, in a few words (no personal data is ever in it). */
  | { ok: false; reason: string }

/** What one run saw; a part left out is unknown, and the incidents it would show stay as they are. */
export interface Observation {
  now: number
  health: HealthReading
  /** The supervisor's count of automatic restarts (systemd's NRestarts, Docker's RestartCount). */
  restarts?: number
  /** systemd's view of the unit: `failed` once it gave up restarting it (StartLimitBurst). */
  unit?: { name: string; activeState: string; result: string }
}

export interface AlertSettings {
  /** A pending lead older than this (seconds) is an incident. */
  leadWaitS: number
  /** This many restarts within RESTART_WINDOW_MS are an incident. */
  restarts: number
}

const minutes = (ms: number) => {
  const whole = Math.round(ms / 60_000)
  return whole === 0 ? 'меньше минуты' : `${whole} мин`
}

/** The opening icon and the line that says it is over. */
const KINDS: Record<IncidentKind, { icon: string; over: (lasted: string) => string }> = {
  down: { icon: '🔴', over: (lasted) => `Сервис заявок снова отвечает (не отвечал ${lasted}).` },
  gave_up: {
    icon: '🔴',
    over: (lasted) => `systemd снова запустил сервис заявок (был остановлен ${lasted}).`,
  },
  // Its end is a whole quiet window after the last restart: a duration would mislead.
  restarts: { icon: '🟠', over: () => 'Сервис заявок 15 мин работает без перезапусков.' },
  waiting: {
    icon: '🟠',
    over: (lasted) => `Заявки снова уходят в чат (задержка замечена ${lasted}).`,
  },
  failed: { icon: '🟠', over: () => 'Заявок, которые Telegram отказался принять, больше нет.' },
}

/** The restart counter's history after this run: a lower count is a reset (a manual restart). */
function trackRestarts(
  previous: AlertState['restarts'],
  count: number,
  now: number,
): NonNullable<AlertState['restarts']> {
  const added = previous && count > previous.count ? count - previous.count : 0
  const seen = [...(previous?.seen ?? []), ...Array.from({ length: added }, () => now)]
  return { count, seen: seen.filter((at) => now - at < RESTART_WINDOW_MS).slice(-1000) }
}

/** Each kind this run could see: its opening text when it is wrong, null when it is fine. */
function findings(
  observation: Observation,
  state: AlertState,
  restarts: AlertState['restarts'],
  settings: AlertSettings,
): Partial<Record<IncidentKind, string | null>> {
  const found: Partial<Record<IncidentKind, string | null>> = {}
  const { health, unit } = observation
  found.down = health.ok ? null : `Сервис заявок не принимает заявки: ${health.reason}.`
  if (health.ok) {
    found.waiting =
      health.pending > 0 && health.oldestPendingAgeS > settings.leadWaitS
        ? `Заявка ждёт отправки в этот чат ${minutes(health.oldestPendingAgeS * 1000)} ` +
          `(в очереди: ${health.pending}). Заявки сохранены на сервере.`
        : null
    found.failed =
      health.failed > 0
        ? `Telegram отказался принять заявки (${health.failed}); они сохранены на сервере. ` +
          'Исправьте настройки и выполните npm run leads -- --resend-failed.'
        : null
  }
  if (unit) {
    found.gave_up =
      unit.activeState === 'failed'
        ? `systemd перестал перезапускать сервис заявок (${unit.name}: ${unit.result}). ` +
          `Запустите его снова: systemctl restart ${unit.name}.`
        : null
  }
  if (restarts) {
    // Open at the threshold; over only after a whole window without a restart, so a slow crash
    // loop does not open and close it again and again.
    const open = state.incidents.restarts !== undefined && restarts.seen.length > 0
    found.restarts =
      open || restarts.seen.length >= settings.restarts
        ? `Сервис заявок падает и перезапускается: перезапусков за 15 мин: ${restarts.seen.length}. ` +
          'Причина — в журнале сервиса.'
        : null
  }
  return found
}

export interface AlertPlan {
  state: AlertState
  /** The message to post (Telegram HTML), or null when the chat has nothing new to learn. */
  message: string | null
  /** The incidents still going on. */
  open: IncidentKind[]
}

/** Folds one run's observation into the state and says what to post. */
export function planAlert(
  previous: AlertState,
  observation: Observation,
  settings: AlertSettings,
): AlertPlan {
  const { now } = observation
  const restarts =
    observation.restarts === undefined
      ? undefined
      : trackRestarts(previous.restarts, observation.restarts, now)
  const found = findings(observation, previous, restarts, settings)
  const incidents: AlertState['incidents'] = {}
  const lines: string[] = []
  for (const kind of INCIDENT_KINDS) {
    const finding = found[kind]
    let incident = previous.incidents[kind]
    if (typeof finding === 'string') {
      // Back before its end was posted: the same incident goes on.
      incident = incident
        ? { ...incident, resolvedAt: undefined }
        : { since: now, notified: false, text: finding }
    } else if (finding === null && incident && incident.resolvedAt === undefined) {
      incident = { ...incident, resolvedAt: now }
    }
    if (!incident) continue
    incidents[kind] = incident
    const { icon, over } = KINDS[kind]
    const lasted = minutes((incident.resolvedAt ?? now) - incident.since)
    if (incident.resolvedAt === undefined) {
      if (!incident.notified) lines.push(`${icon} ${escapeHtml(incident.text)}`)
    } else if (incident.notified) {
      lines.push(`✅ ${over(lasted)}`)
    } else {
      const from = schoolTime(new Date(incident.since).toISOString())
      lines.push(`⚠️ Было с ${from}, длилось ${lasted}: ${escapeHtml(incident.text)}`)
    }
  }
  const state: AlertState = { ...previous, incidents, ...(restarts ? { restarts } : {}) }
  const open = INCIDENT_KINDS.filter(
    (kind) => incidents[kind] && incidents[kind].resolvedAt === undefined,
  )
  if (lines.length === 0) return { state, message: null, open }
  if (previous.undeliveredSince !== undefined) {
    lines.push(
      `ℹ️ Оповещение опоздало: Telegram не принимал его ${minutes(now - previous.undeliveredSince)}.`,
    )
  }
  return { state, message: ['<b>Сервис заявок IT Lab</b>', ...lines].join('\n'), open }
}

/** The state once the plan's message got through (or did not: it is posted again next run). */
export function afterPost(state: AlertState, delivered: boolean, now: number): AlertState {
  if (!delivered) return { ...state, undeliveredSince: state.undeliveredSince ?? now }
  const incidents: AlertState['incidents'] = {}
  for (const kind of INCIDENT_KINDS) {
    const incident = state.incidents[kind]
    if (incident && incident.resolvedAt === undefined)
      incidents[kind] = { ...incident, notified: true }
  }
  return { ...state, incidents, undeliveredSince: undefined }
}
