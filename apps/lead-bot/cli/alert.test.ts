import { describe, expect, it } from 'vitest'
import {
  CHANNELS,
  EMPTY_STATE,
  RESTART_WINDOW_MS,
  afterPost,
  alertStateSchema,
  channelReadings,
  chatFailureNote,
  planAlert,
} from './alert.ts'
import type { AlertSettings, AlertState, Channel, Observation } from './alert.ts'

const SETTINGS: AlertSettings = {
  leadWaitS: 300,
  restarts: 3,
  diskFreeMb: 500,
  backupMaxAgeH: 26,
  host: 'itlab-server',
  supervisor: { kind: 'systemd', unit: 'it-lab-lead-bot.service' },
}
const OK = { ok: true, pending: 0, failed: 0, oldestPendingAgeS: 0, channels: [] } as const
const DOWN = { ok: false, reason: 'он не отвечает', detail: 'нет ответа (ECONNREFUSED)' } as const
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const MB = 1024 ** 2
const T0 = Date.UTC(2026, 10, 24, 7, 0)
const TELEGRAM_ONLY: Channel[] = ['telegram']
const NO_CHAT_FOOTER = 'ℹ️ Что сделать, знает администратор сайта: перешлите ему это сообщение.'

/** Runs the command's steps: plan, post on each channel (or fail to), store. */
function run(
  state: AlertState,
  observation: Observation,
  delivered: boolean | Partial<Record<Channel, boolean>> = true,
  channels: readonly Channel[] = TELEGRAM_ONLY,
) {
  const plan = planAlert(state, observation, SETTINGS, channels)
  let next = plan.state
  for (const channel of channels) {
    if (plan.messages[channel] === undefined) continue
    const got = typeof delivered === 'boolean' ? delivered : (delivered[channel] ?? true)
    next = afterPost(next, channel, got, observation.now, channels)
  }
  return {
    state: next,
    message: plan.messages.telegram ?? null,
    email: plan.messages.email ?? null,
    open: plan.open,
  }
}

describe('planAlert', () => {
  it('another lead channel refusing or lagging: one post naming it, the resend in the e-mail, then its end', () => {
    const channels = [
      { name: 'alfacrm', pending: 0, failed: 2, oldestPendingAgeS: 0 },
      { name: 'email', pending: 1, failed: 0, oldestPendingAgeS: 420 },
      { name: 'webhook', pending: 1, failed: 0, oldestPendingAgeS: 20 },
    ] as const
    let step = run(EMPTY_STATE, { now: T0, health: { ...OK, channels } }, true, CHANNELS)
    expect(step.open).toEqual(['channels'])
    expect(step.message).toContain(
      '🟠 Заявки доходят не во все каналы (AlfaCRM: отказов: 2; почта: заявка ждёт 7 мин). ' +
        'Все они сохранены на сервере',
    )
    expect(step.message).not.toContain('вебхук')
    expect(step.message).not.toContain('--resend-failed')
    expect(step.email?.text).toContain('--resend-failed --channel alfacrm')
    // The e-mail channel only lags: the service retries it, nothing to resend.
    expect(step.email?.text).not.toContain('--channel email')
    expect(step.email?.text).not.toContain('--channel webhook')

    step = run(step.state, { now: T0 + 5 * MINUTE, health: { ...OK, channels } }, true, CHANNELS)
    expect([step.message, step.email]).toEqual([null, null])

    const delivered = channels.map((channel) => ({ ...channel, pending: 0, failed: 0 }))
    step = run(
      step.state,
      { now: T0 + 10 * MINUTE, health: { ...OK, channels: delivered } },
      true,
      CHANNELS,
    )
    expect(step.message).toContain('✅ Заявки снова доходят во все подключённые каналы.')
    expect(step.open).toEqual([])

    // A channel that only lags: nothing for the operator to resend.
    const lagging = [{ name: 'bitrix24', pending: 1, failed: 0, oldestPendingAgeS: 900 }] as const
    step = run(EMPTY_STATE, { now: T0, health: { ...OK, channels: lagging } }, true, CHANNELS)
    expect(step.message).toContain('(Битрикс24: заявка ждёт 15 мин)')
    expect(step.email?.text).toContain('Ждущие заявки сервис повторяет сам.')
    expect(step.email?.text).not.toContain('--resend-failed')
  })

  it('restarts: none at the baseline, one post at the threshold, over after a quiet window', () => {
    let step = run(EMPTY_STATE, { now: T0, health: OK, restarts: 5 })
    expect(step.message).toBeNull()
    step = run(step.state, { now: T0 + MINUTE, health: OK, restarts: 7 })
    expect(step.message).toBeNull()
    step = run(step.state, { now: T0 + 2 * MINUTE, health: OK, restarts: 8 })
    expect(step.message).toContain('перезапусков за 15 мин: 3')
    expect(step.open).toEqual(['restarts'])
    // A run that could not read the counter (systemctl failed) changes nothing.
    expect(run(step.state, { now: T0 + 20 * MINUTE, health: OK })).toMatchObject({
      message: null,
      open: ['restarts'],
    })
    // A manual restart resets systemd's counter: no restart is counted for it.
    step = run(step.state, { now: T0 + 3 * MINUTE, health: OK, restarts: 0 })
    expect(step.message).toBeNull()
    // Still open while any restart is within the window, however few.
    step = run(step.state, { now: T0 + 10 * MINUTE, health: OK, restarts: 1 })
    expect(step).toMatchObject({ message: null, open: ['restarts'] })
    const quiet = T0 + 10 * MINUTE + RESTART_WINDOW_MS
    step = run(step.state, { now: quiet, health: OK, restarts: 1 })
    expect(step.message).toBe(
      '<b>Сервис заявок IT Lab</b>\n✅ Сервис заявок 15 мин работает без перезапусков.',
    )
    expect(step.open).toEqual([])
    expect(run(step.state, { now: quiet + MINUTE, health: OK, restarts: 1 }).message).toBeNull()
  })

  it('an incident that began and ended while Telegram refused posts is told afterwards, with the delay', () => {
    const waiting = { ...OK, pending: 1, oldestPendingAgeS: 400 } as const
    let step = run(EMPTY_STATE, { now: T0, health: waiting }, false)
    expect(step.message).toContain('🟠 Заявка ждёт отправки в этот чат 7 мин (в очереди: 1)')
    step = run(step.state, { now: T0 + 5 * MINUTE, health: OK }, false)
    step = run(step.state, { now: T0 + 10 * MINUTE, health: OK })
    expect(step.message).toBe(
      '<b>Сервис заявок IT Lab</b>\n' +
        '⚠️ Было с 24.11.2026, 11:00, длилось 5 мин: Заявка ждёт отправки в этот чат 7 мин ' +
        '(в очереди: 1). Заявки сохранены на сервере и придут сюда, как только Telegram их примет.\n' +
        'ℹ️ Оповещение опоздало: Telegram не принимал его 10 мин.',
    )
    expect(step.state).toEqual({ incidents: {}, undelivered: {} })
  })

  it('what a down service hides stays as it was: a waiting lead is not declared sent', () => {
    const waiting = { ...OK, pending: 2, failed: 1, oldestPendingAgeS: 900 } as const
    let step = run(EMPTY_STATE, { now: T0, health: waiting })
    expect(step.open).toEqual(['waiting', 'failed'])
    step = run(step.state, { now: T0 + 5 * MINUTE, health: DOWN })
    expect(step.message).toBe(
      '<b>Сервис заявок IT Lab</b>\n🔴 Сервис заявок не принимает заявки с сайта: он не ' +
        `отвечает. Заявки, отправленные сейчас, не сохраняются.\n${NO_CHAT_FOOTER}`,
    )
    expect(step.open).toEqual(['down', 'waiting', 'failed'])
  })

  it('systemd giving up is its own line; the unit running again ends it', () => {
    const unit = (activeState: string) => ({
      name: 'it-lab-lead-bot.service',
      activeState,
      result: 'start-limit-hit',
    })
    let step = run(
      EMPTY_STATE,
      { now: T0, health: DOWN, restarts: 9, unit: unit('failed') },
      true,
      CHANNELS,
    )
    expect(step.message).toContain('🔴 Сервис заявок не принимает заявки с сайта: он не отвечает.')
    expect(step.message).toContain(
      '🔴 Сервис заявок остановлен: он падал раз за разом, и сервер перестал его перезапускать.',
    )
    // The commands go to the operator only.
    expect(step.email?.text).toContain(
      '🔴 systemd перестал перезапускать it-lab-lead-bot.service (start-limit-hit). Причина: ' +
        'journalctl -u it-lab-lead-bot.service -n 100; после исправления: systemctl restart ' +
        'it-lab-lead-bot.service',
    )
    step = run(
      step.state,
      { now: T0 + 5 * MINUTE, health: OK, restarts: 0, unit: unit('active') },
      true,
      CHANNELS,
    )
    expect(step.message).toContain('✅ Сервис заявок снова отвечает (не отвечал 5 мин).')
    expect(step.message).toContain('✅ Сервис заявок снова запущен (был остановлен 5 мин).')
    expect(step.email?.text).toContain('✅ Сервис заявок снова запущен (был остановлен 5 мин).')
  })
})

describe('two channels', () => {
  it('each is told once, on its own: a failing e-mail neither repeats the chat nor is lost', () => {
    let step = run(EMPTY_STATE, { now: T0, health: DOWN }, { email: false }, CHANNELS)
    expect(step.message).toContain('ℹ️ Администратор сайта получает эти оповещения и по почте')
    expect(step.email?.subject).toBe(
      'IT Lab: Сервис заявок не принимает заявки с сайта: он не отвечает.',
    )
    expect(step.email?.text).toBe(
      [
        'Сервис заявок IT Lab, сервер itlab-server, 24.11.2026, 11:00 (Астрахань).',
        '🔴 Сервис заявок не принимает заявки: нет ответа (ECONNREFUSED). Журнал: ' +
          'journalctl -u it-lab-lead-bot.service -n 100',
        'Это письмо отправила проверка npm run alert: о каждом случае одно письмо, когда он ' +
          'начался, и одно, когда закончился. Что значит каждое оповещение: deploy/README.md, ' +
          'раздел Alerts.',
      ].join('\n\n'),
    )
    // The chat had it; the e-mail is due again, with its delay.
    step = run(step.state, { now: T0 + 5 * MINUTE, health: DOWN }, true, CHANNELS)
    expect(step.message).toBeNull()
    expect(step.email?.text).toContain('🔴 Сервис заявок не принимает заявки')
    expect(step.email?.text).toContain('ℹ️ Письмо опоздало: почтовый сервер не принимал его 5 мин.')
    expect(run(step.state, { now: T0 + 10 * MINUTE, health: DOWN }, true, CHANNELS)).toMatchObject({
      message: null,
      email: null,
    })
    // Over: the chat refuses now, the e-mail is told; the chat is told on a later run.
    step = run(step.state, { now: T0 + 15 * MINUTE, health: OK }, { telegram: false }, CHANNELS)
    expect(step.email?.text).toContain('✅ Сервис заявок снова отвечает (не отвечал 15 мин).')
    step = run(step.state, { now: T0 + 20 * MINUTE, health: OK }, true, CHANNELS)
    expect(step.email).toBeNull()
    expect(step.message).toBe(
      '<b>Сервис заявок IT Lab</b>\n✅ Сервис заявок снова отвечает (не отвечал 15 мин).\n' +
        'ℹ️ Оповещение опоздало: Telegram не принимал его 5 мин.',
    )
    expect(step.state).toEqual({ incidents: {}, undelivered: {} })
  })

  it('back before one channel had its end: that channel is told it is back', () => {
    let step = run(EMPTY_STATE, { now: T0, health: DOWN }, true, CHANNELS)
    step = run(step.state, { now: T0 + 5 * MINUTE, health: OK }, { email: false }, CHANNELS)
    expect(step.message).toContain('✅')
    step = run(step.state, { now: T0 + 10 * MINUTE, health: DOWN }, true, CHANNELS)
    // The chat heard it was over, so it hears it is back; the e-mail never heard it was over.
    expect(step.message).toContain('🔴 Сервис заявок не принимает заявки с сайта')
    expect(step.email).toBeNull()
    expect(step.open).toEqual(['down'])
  })

  it('the chat never names a command; the e-mail says what to run', () => {
    const unit = { name: 'it-lab-lead-bot.service', activeState: 'failed', result: 'exit-code' }
    const wrong: Observation[] = [
      { now: T0, health: DOWN, unit },
      { now: T0, health: { ...OK, pending: 3, failed: 2, oldestPendingAgeS: 4000 } },
      { now: T0, health: OK, restarts: 9 },
      { now: T0, health: OK, disk: { dir: '/var/lib/it-lab', freeBytes: 100 * MB } },
      {
        now: T0,
        health: OK,
        backups: { dir: '/var/lib/it-lab/backups', newestAt: T0 - 30 * HOUR },
      },
    ]
    for (const supervisor of [SETTINGS.supervisor, { kind: 'docker', container: 'lb' } as const]) {
      for (const observation of wrong) {
        const before = planAlert(
          { incidents: {}, undelivered: {}, restarts: { count: 0, seen: [] } },
          observation,
          { ...SETTINGS, supervisor },
          CHANNELS,
        ).messages
        expect(before.telegram).not.toMatch(/npm|systemctl|journalctl|docker|--|sudo|\/srv/)
        expect(before.email?.text).toMatch(/journalctl|npm run leads|docker|du -x|systemctl/)
      }
    }
  })

  it('reads a state file of the chat-only version: what the chat was told stays told', () => {
    const old = {
      incidents: { down: { since: T0, notified: true, text: 'Сервис заявок не принимает заявки' } },
      undeliveredSince: T0 + MINUTE,
    }
    const state = alertStateSchema.parse(old)
    expect(state).toEqual({
      incidents: {
        down: {
          since: T0,
          text: 'Сервис заявок не принимает заявки',
          told: ['telegram'],
          toldOver: [],
        },
      },
      undelivered: { telegram: T0 + MINUTE },
    })
    const step = run(state, { now: T0 + 5 * MINUTE, health: DOWN }, true, CHANNELS)
    expect(step.message).toBeNull()
    expect(step.email?.text).toContain('🔴 Сервис заявок не принимает заявки')
  })

  it("the e-mail's note when the chat refuses the bot names the fix; another failure, the retry", () => {
    const refused = chatFailureNote(
      { error: 'HTTP 403 Forbidden: bot was kicked from the group chat', status: 403 },
      SETTINGS.supervisor,
    )
    expect(refused).toContain('🔴 Telegram не принимает сообщения бота (HTTP 403 Forbidden')
    expect(refused).toContain(
      'cd /srv/it-lab/current/app && npm run leads -- --env-file /etc/it-lab/lead-bot.env --resend-failed',
    )
    expect(chatFailureNote({ error: 'fetch failed' }, SETTINGS.supervisor)).toBe(
      'ℹ️ В чат Telegram это оповещение пока не дошло (fetch failed); следующая проверка ' +
        'отправит его снова.',
    )
  })
})

describe('disk and backups', () => {
  const disk = (freeMb: number) => ({ dir: '/var/lib/it-lab', freeBytes: freeMb * MB + 123 })

  it('low disk: names the folder and the space left; over only a tenth above the threshold', () => {
    let step = run(EMPTY_STATE, { now: T0, health: OK, disk: disk(600) })
    expect(step.message).toBeNull()
    step = run(step.state, { now: T0 + MINUTE, health: OK, disk: disk(499) })
    expect(step.message).toContain(
      '🟠 На диске сервера мало места: свободно 499 МБ (папка /var/lib/it-lab). Когда оно ' +
        'кончится, сайт перестанет принимать заявки.',
    )
    // Hovering around the threshold: nothing new.
    step = run(step.state, { now: T0 + 2 * MINUTE, health: OK, disk: disk(530) })
    expect(step).toMatchObject({ message: null, open: ['disk'] })
    step = run(step.state, { now: T0 + 3 * MINUTE, health: OK, disk: disk(450) })
    expect(step.message).toBeNull()
    step = run(step.state, { now: T0 + 4 * MINUTE, health: OK, disk: disk(550) })
    expect(step.message).toContain('✅ На диске сервера снова достаточно места.')
    // 0 turns the check off.
    const off = planAlert(
      EMPTY_STATE,
      { now: T0, health: OK, disk: disk(0) },
      { ...SETTINGS, diskFreeMb: 0 },
      TELEGRAM_ONLY,
    )
    expect(off.open).toEqual([])
    // Switched off while an incident is open: it is forgotten, and nothing is posted about it.
    const low = run(EMPTY_STATE, { now: T0, health: OK, disk: disk(100) })
    expect(low.open).toEqual(['disk'])
    const turnedOff = planAlert(
      low.state,
      { now: T0 + MINUTE, health: OK, disk: disk(100) },
      { ...SETTINGS, diskFreeMb: 0 },
      TELEGRAM_ONLY,
    )
    expect(turnedOff).toMatchObject({ open: [], messages: {} })
    expect(turnedOff.state.incidents.disk).toBeUndefined()
  })

  it('backups: the newest copy older than the limit, and none at all for as long', () => {
    const dir = '/var/lib/it-lab/backups'
    let step = run(EMPTY_STATE, { now: T0, health: OK, backups: { dir, newestAt: T0 - 20 * HOUR } })
    expect(step.message).toBeNull()
    step = run(step.state, {
      now: T0 + 7 * HOUR,
      health: OK,
      backups: { dir, newestAt: T0 - 20 * HOUR },
    })
    expect(step.message).toContain(
      '🟠 Последней резервной копии базы заявок 27 ч (23.11.2026, 15:00). Заявки на месте',
    )
    step = run(step.state, {
      now: T0 + 8 * HOUR,
      health: OK,
      backups: { dir, newestAt: T0 + 8 * HOUR },
    })
    expect(step.message).toContain('✅ Свежая резервная копия базы заявок есть.')

    // A new server has none yet: an incident only once none has come for the whole limit.
    step = run(EMPTY_STATE, { now: T0, health: OK, backups: { dir, newestAt: null } })
    expect(step.message).toBeNull()
    step = run(step.state, { now: T0 + 20 * HOUR, health: OK, backups: { dir, newestAt: null } })
    expect(step.message).toBeNull()
    step = run(step.state, { now: T0 + 27 * HOUR, health: OK, backups: { dir, newestAt: null } })
    expect(step.message).toContain('🟠 Резервной копии базы заявок нет уже 27 ч.')
  })
})

describe('channelReadings', () => {
  it("reads /health's other channels, and nothing it does not know", () => {
    const counts = { pending: 1, failed: 0, oldestPendingAgeS: 30 }
    expect(
      channelReadings({
        telegram: counts,
        bitrix24: counts,
        fax: counts,
        email: { pending: 'many' },
      }),
    ).toEqual([{ name: 'bitrix24', ...counts }])
    expect(channelReadings(undefined)).toEqual([])
  })
})
