// The way back must never meet systemd's start limit (docs/decisions/0061-release-health.md): the
// unit's limits, read from the file the server installs, against the deploy's own timings.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LIVE_WAIT_MS } from './service.ts'
import { DEFAULT_SERVICE_RESTART } from './settings.ts'

const REPO = path.resolve(import.meta.dirname, '../..')
const unit = readFileSync(path.join(REPO, 'deploy/systemd/it-lab-lead-bot.service'), 'utf8')

function seconds(key: string): number {
  const match = new RegExp(`^${key}=(\\d+)(s|min)?$`, 'm').exec(unit)
  if (!match) throw new Error(`${key} is not in the unit`)
  return Number(match[1]) * (match[2] === 'min' ? 60 : 1)
}

describe('the rollback path against the unit’s start limit', () => {
  const burst = seconds('StartLimitBurst')
  const interval = seconds('StartLimitIntervalSec')
  const restartSec = seconds('RestartSec')

  it('has the limits this test reasons about', () => {
    expect({ burst, interval, restartSec }).toEqual({ burst: 10, interval: 120, restartSec: 2 })
  })

  it('goes back before a release crashing at every start could use up the start limit', () => {
    // The deploy's restart, one start every RestartSec while it waits for /health (a crash takes
    // no time at best), then the restart onto the release before: all within one interval.
    const crashLoopStarts = Math.floor(LIVE_WAIT_MS / (restartSec * 1000)) + 1
    const starts = 1 + crashLoopStarts + 1
    expect(LIVE_WAIT_MS).toBeLessThan(interval * 1000)
    expect(starts).toBeLessThan(burst)
  })

  it('resets the failed state of the service and its socket before every restart', () => {
    const example = readFileSync(path.join(REPO, 'deploy/deploy.env.example'), 'utf8')
    const configured = /^LEAD_SERVICE_RESTART=(.*)$/m.exec(example)?.[1]
    expect(configured).toBe(DEFAULT_SERVICE_RESTART)
    const [reset, restart, ...rest] = DEFAULT_SERVICE_RESTART.split(';').map((part) => part.trim())
    expect(rest).toEqual([])
    expect(reset?.split(/\s+/)).toEqual([
      'systemctl',
      'reset-failed',
      'it-lab-lead-bot.service',
      'it-lab-lead-bot.socket',
    ])
    expect(restart).toBe('systemctl restart it-lab-lead-bot.service')
    // `;`, not `&&`: resetting a unit that is not loaded (a server without the socket yet)
    // fails, and the restart must run all the same.
    expect(DEFAULT_SERVICE_RESTART).not.toContain('&&')
  })
})
