// What `npm run alert` tells the school's chat and the operator's e-mail, and when
// (docs/decisions/0046, 0063): one message per channel when an incident begins, one when it is
// over, nothing in between. The chat is told what happened and what it means for the leads; the
// e-mail also says what to run. The state between runs is a small JSON file; this module only
// decides, the command probes, posts and stores.
import * as z from 'zod'
import { isChannelName, type ExtraChannelName } from '../src/channel-names.ts'
import type { EmailMessage } from './email.ts'
import { schoolTime } from '@it-lab/shared/school-time'
import { escapeHtml } from '../src/telegram-message.ts'

/** Restarts are counted within this window; the incident is over after one without any. */
export const RESTART_WINDOW_MS = 15 * 60_000

export const INCIDENT_KINDS = [
  'down',
  'gave_up',
  'restarts',
  'waiting',
  'failed',
  'channels',
  'disk',
  'backup',
] as const
export type IncidentKind = (typeof INCIDENT_KINDS)[number]

/** Each channel is told on its own: one failing never holds up the other. */
export const CHANNELS = ['telegram', 'email'] as const
export type Channel = (typeof CHANNELS)[number]

const channelList = z.array(z.enum(CHANNELS))

const incidentSchema = z.preprocess(
  // A state file of the chat-only version: `notified` was whether the chat had the opening line.
  (raw) =>
    typeof raw === 'object' && raw !== null && 'notified' in raw && !('told' in raw)
      ? { ...raw, told: raw.notified === true ? ['telegram'] : [] }
      : raw,
  z.object({
    since: z.number(),
    /** The chat's line: what happened and what it means for the leads. */
    text: z.string(),
    /** The e-mail's line: what exactly, and what to run. */
    detail: z.string().optional(),
    /** The channels its opening line reached. */
    told: channelList,
    /** Seen over, but some channel has not been told yet. */
    resolvedAt: z.number().optional(),
    /** The channels its end reached. */
    toldOver: channelList.default([]),
  }),
)

export const alertStateSchema = z.preprocess(
  (raw) =>
    typeof raw === 'object' && raw !== null && 'undeliveredSince' in raw && !('undelivered' in raw)
      ? { ...raw, undelivered: { telegram: raw.undeliveredSince } }
      : raw,
  z.object({
    incidents: z.partialRecord(z.enum(INCIDENT_KINDS), incidentSchema),
    /** Per channel: when a post first failed, while none has got through since. */
    undelivered: z.partialRecord(z.enum(CHANNELS), z.number()).default({}),
    /** The supervisor's restart counter last seen, and when each restart since was noticed. */
    restarts: z.object({ count: z.number(), seen: z.array(z.number()) }).optional(),
    /** When a run first found no backup at all (the age of a backup that never was). */
    noBackupSince: z.number().optional(),
  }),
)

export type AlertState = z.output<typeof alertStateSchema>
type Incident = NonNullable<AlertState['incidents'][IncidentKind]>

export const EMPTY_STATE: AlertState = { incidents: {}, undelivered: {} }

/** A lead channel besides Telegram (e-mail, webhook, a CRM), as /health counts it (0077). */
export interface ChannelReading {
  name: ExtraChannelName
  pending: number
  failed: number
  oldestPendingAgeS: number
}

const channelCounts = z.object({
  pending: z.number(),
  failed: z.number(),
  oldestPendingAgeS: z.number(),
})

/** /health's `channels` besides Telegram; an older service that lists none has none. */
export function channelReadings(raw: unknown): ChannelReading[] {
  if (typeof raw !== 'object' || raw === null) return []
  return Object.entries(raw).flatMap(([name, counts]) => {
    const parsed = channelCounts.safeParse(counts)
    return isChannelName(name) && name !== 'telegram' && parsed.success
      ? [{ name, ...parsed.data }]
      : []
  })
}

export type HealthReading =
  | {
      ok: true
      pending: number
      failed: number
      oldestPendingAgeS: number
      /** The other channels that are on; none on a service that only has Telegram. */
      channels: readonly ChannelReading[]
    }
  /** Unreachable, or not ok: why for the chat, and exactly for the operator (never personal data). */
  | { ok: false; reason: string; detail: string }

/** What one run saw; a part left out is unknown, and the incidents it would show stay as they are. */
export interface Observation {
  now: number
  health: HealthReading
  /** The supervisor's count of automatic restarts (systemd's NRestarts, Docker's RestartCount). */
  restarts?: number
  /** systemd's view of the unit: `failed` once it gave up restarting it (StartLimitBurst). */
  unit?: { name: string; activeState: string; result: string }
  /** Free space for the service's user in the database's folder. */
  disk?: { dir: string; freeBytes: number }
  /** The newest backup's time (ms), null when the folder has none. */
  backups?: { dir: string; newestAt: number | null }
}

export interface AlertSettings {
  /** A pending lead older than this (seconds) is an incident. */
  leadWaitS: number
  /** This many restarts within RESTART_WINDOW_MS are an incident. */
  restarts: number
  /** Less free space than this (MB) is an incident; over with a tenth more, so it does not flap. */
  diskFreeMb: number
  /** A newest backup older than this (hours) is an incident. */
  backupMaxAgeH: number
  /** The server's name, in the e-mail. */
  host: string
  /** How the service runs there: the commands the e-mail names. */
  supervisor: Supervisor
}

export type Supervisor = { kind: 'systemd'; unit: string } | { kind: 'docker'; container: string }

/** The operator's commands for each thing the e-mail asks for (deploy/README.md, Alerts). */
function operatorCommands(supervisor: Supervisor) {
  if (supervisor.kind === 'docker') {
    const exec = `docker exec ${supervisor.container} node apps/lead-bot/scripts/leads.ts`
    return {
      journal: `docker logs --tail 100 ${supervisor.container}`,
      leads: exec,
      resendFailed: `${exec} --resend-failed`,
      backup: `${exec} --backup /data/backups (и задание cron, которое его запускает)`,
    }
  }
  const leads = 'cd /srv/it-lab/current/app && npm run leads -- --env-file /etc/it-lab/lead-bot.env'
  return {
    journal: `journalctl -u ${supervisor.unit} -n 100`,
    leads,
    resendFailed: `${leads} --resend-failed`,
    backup:
      'journalctl -u it-lab-lead-backup -n 20; systemctl list-timers it-lab-lead-backup.timer; ' +
      'копия сейчас: systemctl start it-lab-lead-backup',
  }
}

const minutes = (ms: number) => {
  const whole = Math.round(ms / 60_000)
  return whole === 0 ? 'меньше минуты' : `${whole} мин`
}

const megabytes = (bytes: number) => Math.floor(bytes / 1024 ** 2)

/** The channels in the chat's words. */
const CHANNEL_WORDS: Record<ExtraChannelName, string> = {
  email: 'почта',
  webhook: 'вебхук',
  alfacrm: 'AlfaCRM',
  bitrix24: 'Битрикс24',
}

/** Each channel that refused a lead or has one waiting too long, with what is wrong, in words. */
function stuckChannels(channels: readonly ChannelReading[], leadWaitS: number) {
  return channels.flatMap((channel) => {
    const refused = channel.failed > 0 ? [`отказов: ${channel.failed}`] : []
    const waiting =
      channel.pending > 0 && channel.oldestPendingAgeS > leadWaitS
        ? [`заявка ждёт ${minutes(channel.oldestPendingAgeS * 1000)}`]
        : []
    const what = [...refused, ...waiting]
    if (what.length === 0) return []
    const line = `${CHANNEL_WORDS[channel.name]}: ${what.join(', ')}`
    return [{ name: channel.name, refused: refused.length > 0, line }]
  })
}

/** The opening icon and the line that says it is over. */
const KINDS: Record<IncidentKind, { icon: string; over: (lasted: string) => string }> = {
  down: { icon: '🔴', over: (lasted) => `Сервис заявок снова отвечает (не отвечал ${lasted}).` },
  gave_up: {
    icon: '🔴',
    over: (lasted) => `Сервис заявок снова запущен (был остановлен ${lasted}).`,
  },
  // Its end is a whole quiet window after the last restart: a duration would mislead.
  restarts: { icon: '🟠', over: () => 'Сервис заявок 15 мин работает без перезапусков.' },
  waiting: {
    icon: '🟠',
    over: (lasted) => `Заявки снова уходят в чат (задержка замечена ${lasted}).`,
  },
  failed: { icon: '🟠', over: () => 'Заявок, которые Telegram отказался принять, больше нет.' },
  channels: { icon: '🟠', over: () => 'Заявки снова доходят во все подключённые каналы.' },
  disk: { icon: '🟠', over: () => 'На диске сервера снова достаточно места.' },
  backup: { icon: '🟠', over: () => 'Свежая резервная копия базы заявок есть.' },
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

interface Finding {
  text: string
  detail: string
}

/** Each kind this run could see: what is wrong, or null when it is fine. */
function findings(
  observation: Observation,
  state: AlertState,
  restarts: AlertState['restarts'],
  noBackupSince: number | undefined,
  settings: AlertSettings,
): Partial<Record<IncidentKind, Finding | null>> {
  const found: Partial<Record<IncidentKind, Finding | null>> = {}
  const { health, unit, disk, backups, now } = observation
  const commands = operatorCommands(settings.supervisor)
  found.down = health.ok
    ? null
    : {
        text:
          `Сервис заявок не принимает заявки с сайта: ${health.reason}. ` +
          'Заявки, отправленные сейчас, не сохраняются.',
        detail: `Сервис заявок не принимает заявки: ${health.detail}. Журнал: ${commands.journal}`,
      }
  if (health.ok) {
    found.waiting =
      health.pending > 0 && health.oldestPendingAgeS > settings.leadWaitS
        ? {
            text:
              `Заявка ждёт отправки в этот чат ${minutes(health.oldestPendingAgeS * 1000)} ` +
              `(в очереди: ${health.pending}). Заявки сохранены на сервере и придут сюда, как ` +
              'только Telegram их примет.',
            detail:
              `Заявка ждёт отправки в Telegram ${minutes(health.oldestPendingAgeS * 1000)} ` +
              `(в очереди: ${health.pending}): Telegram не отвечает или отвечает ошибкой, сервис ` +
              `повторяет сам. Ошибки: ${commands.journal}; заявки: ${commands.leads}`,
          }
        : null
    found.failed =
      health.failed > 0
        ? {
            text:
              `Telegram отказался принять заявки (${health.failed}). Они сохранены на сервере, ` +
              'но сами сюда не придут: нужно исправить настройку бота.',
            detail:
              `Telegram отказался принять заявки (${health.failed}); они сохранены. Ответ ` +
              `Telegram — в столбце «последняя ошибка»: ${commands.leads}. 403: бота удалили из ` +
              'чата или заблокировали (добавьте его снова); 401: неверный TELEGRAM_BOT_TOKEN; ' +
              '400 chat not found: неверный TELEGRAM_CHAT_ID. После исправления отправьте их ' +
              `снова: ${commands.resendFailed}`,
          }
        : null
    // Each lead is still in the database (and the chat): this is about its other copies.
    const stuck = stuckChannels(health.channels, settings.leadWaitS)
    const lines = stuck.map(({ line }) => line).join('; ')
    // Only a refused lead needs the operator; a waiting one is retried by the service.
    const resend = stuck
      .filter(({ refused }) => refused)
      .map(({ name }) => `${commands.resendFailed} --channel ${name}`)
    found.channels =
      stuck.length > 0
        ? {
            text:
              `Заявки доходят не во все каналы (${lines}). Все они сохранены на сервере: ждущие ` +
              'придут туда сами, отказанные — когда администратор исправит настройку.',
            detail:
              `Каналы заявок с отказами или задержкой: ${lines}. Причина — в журнале ` +
              `(${commands.journal}) и в /health.` +
              (resend.length > 0
                ? ` Отказанные заявки после исправления настройки: ${resend.join('; ')}`
                : ' Ждущие заявки сервис повторяет сам.'),
          }
        : null
  }
  if (unit) {
    found.gave_up =
      unit.activeState === 'failed'
        ? {
            text:
              'Сервис заявок остановлен: он падал раз за разом, и сервер перестал его ' +
              'перезапускать. Заявки с сайта не принимаются.',
            detail:
              `systemd перестал перезапускать ${unit.name} (${unit.result}). Причина: ` +
              `journalctl -u ${unit.name} -n 100; после исправления: systemctl restart ${unit.name}`,
          }
        : null
  }
  if (restarts) {
    // Open at the threshold; over only after a whole window without a restart, so a slow crash
    // loop does not open and close it again and again.
    const open = state.incidents.restarts !== undefined && restarts.seen.length > 0
    const text = `Сервис заявок падает и перезапускается: перезапусков за 15 мин: ${restarts.seen.length}.`
    found.restarts =
      open || restarts.seen.length >= settings.restarts
        ? { text, detail: `${text} Причина: ${commands.journal}` }
        : null
  }
  if (disk && settings.diskFreeMb > 0) {
    const free = megabytes(disk.freeBytes)
    // Between the threshold and a tenth above it, an incident stays as it is.
    if (free < settings.diskFreeMb) {
      found.disk = {
        text:
          `На диске сервера мало места: свободно ${free} МБ (папка ${disk.dir}). Когда оно ` +
          'кончится, сайт перестанет принимать заявки.',
        detail:
          `Свободно ${free} МБ в ${disk.dir} (порог ALERT_DISK_FREE_MB=${settings.diskFreeMb}). ` +
          `Диск: df -h ${disk.dir}; что занимает место: du -xhd2 / | sort -h | tail -20; ` +
          'журналы: journalctl --disk-usage',
      }
    } else if (free >= settings.diskFreeMb * 1.1) {
      found.disk = null
    }
  }
  if (backups && settings.backupMaxAgeH > 0) {
    const newest = backups.newestAt ?? noBackupSince ?? now
    const hours = Math.floor((now - newest) / 3_600_000)
    const what =
      backups.newestAt === null
        ? `Резервной копии базы заявок нет уже ${hours} ч.`
        : `Последней резервной копии базы заявок ${hours} ч ` +
          `(${schoolTime(new Date(backups.newestAt).toISOString())}).`
    found.backup =
      now - newest > settings.backupMaxAgeH * 3_600_000
        ? {
            text: `${what} Заявки на месте, но без свежей копии их можно потерять вместе с диском.`,
            detail: `${what} Папка ${backups.dir}. ${commands.backup}`,
          }
        : null
  }
  return found
}

export interface AlertPlan {
  state: AlertState
  /** What to post on each channel (the chat's in Telegram HTML); absent: nothing new for it. */
  messages: { telegram?: string; email?: EmailMessage }
  /** The incidents still going on. */
  open: IncidentKind[]
}

/** The incident as this run leaves it, before anything is posted. */
function advance(incident: Incident | undefined, finding: Finding | null | undefined, now: number) {
  if (finding) {
    if (!incident) return { since: now, ...finding, told: [], toldOver: [] }
    if (incident.resolvedAt === undefined) return incident
    // Back before every channel had its end: it goes on, and a channel told it was over is told
    // it is back.
    const told = incident.told.filter((channel) => !incident.toldOver.includes(channel))
    return { ...incident, resolvedAt: undefined, told, toldOver: [] }
  }
  if (finding === null && incident && incident.resolvedAt === undefined) {
    return { ...incident, resolvedAt: now }
  }
  return incident
}

/** The line `channel` gets for this incident now, if any (plain text; the chat's is escaped). */
function lineFor(
  kind: IncidentKind,
  incident: Incident,
  channel: Channel,
  now: number,
  brief = false,
) {
  const { icon, over } = KINDS[kind]
  const text = channel === 'email' && !brief ? (incident.detail ?? incident.text) : incident.text
  const escape = channel === 'telegram' ? escapeHtml : (raw: string) => raw
  const lasted = minutes((incident.resolvedAt ?? now) - incident.since)
  if (incident.resolvedAt === undefined) {
    return incident.told.includes(channel) ? undefined : `${icon} ${escape(text)}`
  }
  if (incident.toldOver.includes(channel)) return undefined
  if (incident.told.includes(channel)) return `✅ ${over(lasted)}`
  const from = schoolTime(new Date(incident.since).toISOString())
  return `⚠️ Было с ${from}, длилось ${lasted}: ${escape(incident.text)}`
}

const LATE: Record<Channel, (late: string) => string> = {
  telegram: (late) => `ℹ️ Оповещение опоздало: Telegram не принимал его ${late}.`,
  email: (late) => `ℹ️ Письмо опоздало: почтовый сервер не принимал его ${late}.`,
}

/** Folds one run's observation into the state and says what to post on each channel. */
const switchedOff = (kind: IncidentKind, settings: AlertSettings): boolean =>
  (kind === 'disk' && settings.diskFreeMb <= 0) ||
  (kind === 'backup' && settings.backupMaxAgeH <= 0)

export function planAlert(
  previous: AlertState,
  observation: Observation,
  settings: AlertSettings,
  channels: readonly Channel[],
): AlertPlan {
  const { now } = observation
  const restarts =
    observation.restarts === undefined
      ? undefined
      : trackRestarts(previous.restarts, observation.restarts, now)
  const noBackupSince =
    observation.backups === undefined
      ? previous.noBackupSince
      : observation.backups.newestAt === null
        ? (previous.noBackupSince ?? now)
        : undefined
  const found = findings(observation, previous, restarts, noBackupSince, settings)
  const incidents: AlertState['incidents'] = {}
  for (const kind of INCIDENT_KINDS) {
    // A check the operator switched off (a threshold of 0) ends what it had open, unposted: its
    // finding is never known again, so the incident would otherwise stay open for good.
    if (switchedOff(kind, settings)) continue
    const incident = advance(previous.incidents[kind], found[kind], now)
    if (incident) incidents[kind] = incident
  }
  const state: AlertState = {
    ...previous,
    incidents,
    ...(restarts ? { restarts } : {}),
    noBackupSince,
  }
  const open = INCIDENT_KINDS.filter(
    (kind) => incidents[kind] && incidents[kind].resolvedAt === undefined,
  )
  /** `brief`: the chat's words (an e-mail's subject). */
  const lines = (channel: Channel, brief = false) =>
    INCIDENT_KINDS.flatMap((kind) => {
      const incident = incidents[kind]
      const line = incident && lineFor(kind, incident, channel, now, brief)
      return line === undefined ? [] : [line]
    })
  const late = (channel: Channel) => {
    const since = previous.undelivered[channel]
    return since === undefined ? [] : [LATE[channel](minutes(now - since))]
  }
  const messages: AlertPlan['messages'] = {}
  const chat = channels.includes('telegram') ? lines('telegram') : []
  if (chat.length > 0) {
    // Whoever reads the chat is told that someone who can act knows, not what to run.
    const opening = open.some((kind) => !incidents[kind]?.told.includes('telegram'))
    const told = channels.includes('email')
      ? 'ℹ️ Администратор сайта получает эти оповещения и по почте, с тем, что сделать.'
      : 'ℹ️ Что сделать, знает администратор сайта: перешлите ему это сообщение.'
    messages.telegram = [
      '<b>Сервис заявок IT Lab</b>',
      ...chat,
      ...late('telegram'),
      ...(opening ? [told] : []),
    ].join('\n')
  }
  const mail = channels.includes('email') ? lines('email') : []
  if (mail.length > 0) {
    // The subject is the first incident's first sentence, in the chat's words.
    const first = (lines('email', true)[0] ?? '').replace(/^\S+ /, '').replace(/(?<=\.) .*/, '')
    const more = mail.length > 1 ? ` (и ещё ${mail.length - 1})` : ''
    const at = schoolTime(new Date(now).toISOString())
    messages.email = {
      subject: `IT Lab: ${first.length > 100 ? `${first.slice(0, 99)}…` : first}${more}`,
      text: [
        `Сервис заявок IT Lab, сервер ${settings.host}, ${at} (Астрахань).`,
        ...mail,
        ...late('email'),
        'Это письмо отправила проверка npm run alert: о каждом случае одно письмо, когда он ' +
          'начался, и одно, когда закончился. Что значит каждое оповещение: deploy/README.md, ' +
          'раздел Alerts.',
      ].join('\n\n'),
    }
  }
  return { state, messages, open }
}

/** The e-mail's note when this run's chat post did not get through. */
export function chatFailureNote(
  result: { error: string; status?: number },
  supervisor: Supervisor,
): string {
  if (result.status === 401 || result.status === 403) {
    return (
      `🔴 Telegram не принимает сообщения бота (${result.error}): это оповещение не дошло до ` +
      'чата, и заявки туда не дойдут. 403: бота удалили из чата или заблокировали; 401: ' +
      'неверный TELEGRAM_BOT_TOKEN. Заявки сохраняются на сервере; после исправления: ' +
      operatorCommands(supervisor).resendFailed
    )
  }
  return `ℹ️ В чат Telegram это оповещение пока не дошло (${result.error}); следующая проверка отправит его снова.`
}

/** The state once `channel`'s post got through (or did not: it is posted again next run). */
export function afterPost(
  state: AlertState,
  channel: Channel,
  delivered: boolean,
  now: number,
  channels: readonly Channel[],
): AlertState {
  if (!delivered) {
    return { ...state, undelivered: { [channel]: now, ...state.undelivered } }
  }
  const undelivered = Object.fromEntries(
    Object.entries(state.undelivered).filter(([each]) => each !== channel),
  )
  const incidents: AlertState['incidents'] = {}
  for (const kind of INCIDENT_KINDS) {
    const incident = state.incidents[kind]
    if (!incident) continue
    const add = (list: Channel[]) => (list.includes(channel) ? list : [...list, channel])
    const next =
      incident.resolvedAt === undefined
        ? { ...incident, told: add(incident.told) }
        : { ...incident, toldOver: add(incident.toldOver) }
    // Over and told so on every channel: forgotten.
    const done =
      next.resolvedAt !== undefined && channels.every((each) => next.toldOver.includes(each))
    if (!done) incidents[kind] = next
  }
  return { ...state, incidents, undelivered }
}
