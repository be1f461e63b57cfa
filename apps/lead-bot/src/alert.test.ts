import { describe, expect, it } from 'vitest'
import { EMPTY_STATE, RESTART_WINDOW_MS, afterPost, planAlert } from './alert.ts'
import type { AlertState, Observation } from './alert.ts'

const SETTINGS = { leadWaitS: 300, restarts: 3 }
const OK = { ok: true, pending: 0, failed: 0, oldestPendingAgeS: 0 } as const
const MINUTE = 60_000
const T0 = Date.UTC(2026, 10, 24, 7, 0)

/** Runs the command's steps: plan, post (or fail to), store; returns what was posted. */
function run(state: AlertState, observation: Observation, delivered = true) {
  const plan = planAlert(state, observation, SETTINGS)
  const next =
    plan.message === null ? plan.state : afterPost(plan.state, delivered, observation.now)
  return { state: next, message: plan.message, open: plan.open }
}

describe('planAlert', () => {
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
    const waiting = { ok: true, pending: 1, failed: 0, oldestPendingAgeS: 400 } as const
    let step = run(EMPTY_STATE, { now: T0, health: waiting }, false)
    expect(step.message).toContain('🟠 Заявка ждёт отправки в этот чат 7 мин (в очереди: 1)')
    step = run(step.state, { now: T0 + 5 * MINUTE, health: OK }, false)
    step = run(step.state, { now: T0 + 10 * MINUTE, health: OK })
    expect(step.message).toBe(
      '<b>Сервис заявок IT Lab</b>\n' +
        '⚠️ Было с 24.11.2026, 11:00, длилось 5 мин: Заявка ждёт отправки в этот чат 7 мин ' +
        '(в очереди: 1). Заявки сохранены на сервере.\n' +
        'ℹ️ Оповещение опоздало: Telegram не принимал его 10 мин.',
    )
    expect(step.state).toEqual({ incidents: {} })
  })

  it('what a down service hides stays as it was: a waiting lead is not declared sent', () => {
    const waiting = { ok: true, pending: 2, failed: 1, oldestPendingAgeS: 900 } as const
    let step = run(EMPTY_STATE, { now: T0, health: waiting })
    expect(step.open).toEqual(['waiting', 'failed'])
    step = run(step.state, { now: T0 + 5 * MINUTE, health: { ok: false, reason: 'нет ответа' } })
    expect(step.message).toBe(
      '<b>Сервис заявок IT Lab</b>\n🔴 Сервис заявок не принимает заявки: нет ответа.',
    )
    expect(step.open).toEqual(['down', 'waiting', 'failed'])
  })

  it('systemd giving up is its own line; the unit running again ends it', () => {
    const unit = (activeState: string) => ({
      name: 'it-lab-lead-bot.service',
      activeState,
      result: 'start-limit-hit',
    })
    const down = { ok: false, reason: 'нет ответа' } as const
    let step = run(EMPTY_STATE, { now: T0, health: down, restarts: 9, unit: unit('failed') })
    expect(step.message).toContain('🔴 Сервис заявок не принимает заявки: нет ответа.')
    expect(step.message).toContain(
      '🔴 systemd перестал перезапускать сервис заявок (it-lab-lead-bot.service: start-limit-hit). ' +
        'Запустите его снова: systemctl restart it-lab-lead-bot.service.',
    )
    step = run(step.state, { now: T0 + 5 * MINUTE, health: OK, restarts: 0, unit: unit('active') })
    expect(step.message).toContain('✅ Сервис заявок снова отвечает (не отвечал 5 мин).')
    expect(step.message).toContain(
      '✅ systemd снова запустил сервис заявок (был остановлен 5 мин).',
    )
  })
})
