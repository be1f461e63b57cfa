// `npm run bench:leads`: loads the real lead service on loopback with autocannon and checks
// that every acknowledged lead is in the database.
//
// The service starts through the lead service's harness (apps/lead-bot/harness/service.ts) on
// a free 127.0.0.1 port with a fresh SQLite file, its rate limit raised, its logs quiet, and
// every lead channel on against local stand-ins (BENCH_CHANNELS=0: all off, Telegram too). Its
// durability settings are its own: nothing is relaxed here, and the run reports the ones the
// service logs at startup.
// autocannon POSTs a fixed number of valid leads, each with its own name and phone; a fixed
// count (not a fixed time) ends the run, so no request is cut off in flight and the rows in the
// database must equal the 2xx answers exactly. The service is then killed with SIGKILL before
// the rows are counted, so only what was committed counts.
//
// Settings (environment): BENCH_LEADS (10000), BENCH_WARMUP (500, not measured but counted in
// the database check), BENCH_CONNECTIONS (50), BENCH_PIPELINING (1), BENCH_LOG_LEVEL (warn: the
// service's LOG_LEVEL), BENCH_TIME_LIMIT_S (120: the load is stopped after this, whatever is
// left), BENCH_KEEP_DB=1 keeps the database and prints its path.
// Then, as root, the full-disk drill (apps/lead-bot/harness/full-disk.ts, decision 0058): the
// service on a small tmpfs that fills while leads arrive, with Telegram failing, working, and
// killed while the disk is full; it prints the leads answered 200, how many are readable after,
// the 503s, what /health said, and whether the service took leads again by itself once space was
// freed. Not root: the drill is skipped and says so (BENCH_FULL_DISK=0 skips it too).
// Exit code: 1 if the rows differ from the acknowledged leads, a drill lost a lead answered 200 or
// did not take leads again, or the run failed; the targets (at least 1,000 leads/s, p99 at most
// 25 ms) are reported but do not fail the run.
import type { EventEmitter } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { DatabaseSync } from 'node:sqlite'
import * as z from 'zod'
import { envInteger, envText, parseEnv } from '../src/config.ts'
import { fullDiskDrill } from '../harness/full-disk.ts'
import type { FullDiskOptions, FullDiskResult } from '../harness/full-disk.ts'
import { LEAD_QUERY, phoneFor } from '../harness/sample-leads.ts'
import { startService } from '../harness/service.ts'
import { startFakeTelegram } from '../harness/fake-telegram.ts'
import { startFakeAlfaCrm, startFakeBitrix24, startFakeWebhook } from '../harness/fake-receivers.ts'
import { startSmtp } from '../harness/smtp.ts'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const RESULTS_FILE = path.join(ROOT, 'bench-results', 'leads.json')
const ORIGIN = 'http://127.0.0.1:3000'
const TARGET = { leadsPerSecond: 1000, p99Ms: 25 }

// --- autocannon has no type declarations: the few parts used here ---------------------------

interface AutocannonRequest {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
  setupRequest?: (request: AutocannonRequest, context: object) => AutocannonRequest
}

interface AutocannonOptions {
  url: string
  connections: number
  pipelining: number
  amount: number
  timeout: number
  method: string
  headers: Record<string, string>
  requests: AutocannonRequest[]
}

interface AutocannonResult {
  errors: number
  timeouts: number
  non2xx: number
  resets: number
  mismatches: number
  '2xx': number
  statusCodeStats: Record<string, { count: number }>
  latency: Record<string, number>
  requests: Record<string, number> & { sent: number }
  duration: number
}

interface AutocannonTracker extends EventEmitter {
  stop(): void
}

type Autocannon = (
  options: AutocannonOptions,
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonTracker

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

// --- settings ---------------------------------------------------------------------------------

const settings = parseEnv(
  z
    .object({
      BENCH_LEADS: envInteger(10_000, 1, 10_000_000),
      BENCH_WARMUP: envInteger(500, 0, 1_000_000),
      BENCH_CONNECTIONS: envInteger(50, 1, 10_000),
      BENCH_PIPELINING: envInteger(1, 1, 100),
      BENCH_TIME_LIMIT_S: envInteger(120, 1, 86_400),
      BENCH_LOG_LEVEL: envText().transform((value) => value ?? 'warn'),
      BENCH_FULL_DISK: envInteger(1, 0, 1),
      BENCH_CHANNELS: envInteger(1, 0, 1),
    })
    .transform((env) => ({
      leads: env.BENCH_LEADS,
      warmup: env.BENCH_WARMUP,
      connections: env.BENCH_CONNECTIONS,
      pipelining: env.BENCH_PIPELINING,
      timeLimitS: env.BENCH_TIME_LIMIT_S,
      logLevel: env.BENCH_LOG_LEVEL,
      fullDisk: env.BENCH_FULL_DISK === 1,
      channels: env.BENCH_CHANNELS === 1,
    })),
  process.env,
)

// --- the load ------------------------------------------------------------------------------------

let leadNumber = 0

/** A distinct valid lead for every request: `Нагрузка N` and a phone built from N. */
function nextLead(): string {
  leadNumber += 1
  return JSON.stringify({ name: `Нагрузка ${leadNumber}`, phone: phoneFor(leadNumber) })
}

interface Load {
  result: AutocannonResult
  latenciesMs: number[]
  statuses: Map<number, number>
  elapsedS: number
  stoppedByTimeLimit: boolean
}

async function load(url: string, amount: number): Promise<Load> {
  const latenciesMs: number[] = []
  const statuses = new Map<number, number>()
  let lastResponseAt = 0
  let stoppedByTimeLimit = false
  const startedAt = performance.now()
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const tracker = autocannon(
      {
        url,
        connections: Math.min(settings.connections, amount),
        pipelining: settings.pipelining,
        amount,
        timeout: 10,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        requests: [
          {
            method: 'POST',
            path: `/send?${LEAD_QUERY}`,
            setupRequest: (request) => ({ ...request, body: nextLead() }),
          },
        ],
      },
      (error, value) => {
        clearTimeout(timer)
        if (error) reject(error)
        else resolve(value)
      },
    )
    const timer = setTimeout(() => {
      stoppedByTimeLimit = true
      tracker.stop()
    }, settings.timeLimitS * 1000)
    tracker.on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
      lastResponseAt = performance.now()
      latenciesMs.push(ms)
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1)
    })
  })
  const elapsedS = ((lastResponseAt || performance.now()) - startedAt) / 1000
  return { result, latenciesMs, statuses, elapsedS, stoppedByTimeLimit }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] ?? Number.NaN
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits

// --- the full-disk drill ---------------------------------------------------------------------------

const DRILLS: Record<string, FullDiskOptions> = {
  'Telegram failing': { telegram: 'failing' },
  'Telegram working': { telegram: 'working' },
  'killed while full': { telegram: 'failing', crashWhileFull: true },
}

/** Whether the drill kept its promise: every lead answered 200 readable and delivered, … */
function drillHeld(result: FullDiskResult): boolean {
  return (
    result.answered200 > 0 &&
    result.readable === result.answered200 &&
    result.delivered === result.answered200 &&
    result.repeatedUnmarked === 0 &&
    result.answered503 > 0 &&
    result.healthWhileFull.status === 503 &&
    result.acceptsAgain &&
    result.exits === 0 &&
    result.guardFiles.length === 0 &&
    result.integrity === 'ok'
  )
}

/** Runs every drill; undefined when they cannot run here (not root) or are switched off. */
async function fullDisk(): Promise<Record<string, FullDiskResult> | undefined> {
  if (!settings.fullDisk) return undefined
  if (process.getuid?.() !== 0) {
    console.log('full-disk drill skipped: it mounts a tmpfs, run the bench as root (CI does)')
    return undefined
  }
  const results: Record<string, FullDiskResult> = {}
  for (const [name, options] of Object.entries(DRILLS)) {
    results[name] = await fullDiskDrill({ ...options, logLevel: settings.logLevel })
  }
  const body = (result: FullDiskResult) => result.healthWhileFull.body as { db?: string }
  console.log('full-disk drill (a tmpfs fills while leads arrive, then space is freed):')
  console.table(
    Object.fromEntries(
      Object.entries(results).map(([name, result]) => [
        name,
        {
          'answered 200': result.answered200,
          'readable after': result.readable,
          delivered: result.delivered,
          '503s': result.answered503,
          '/health while full': `${result.healthWhileFull.status} ${body(result).db ?? ''}`,
          'accepts again': result.acceptsAgain ? 'yes' : 'NO',
          'exited by itself': result.exits,
          held: drillHeld(result) ? 'yes' : 'NO',
        },
      ]),
    ),
  )
  return results
}

// --- the lead channels ----------------------------------------------------------------------------

const WEBHOOK_SECRET = 'bench-webhook-secret-of-more-than-32-chars'

/**
 * Every lead channel on (docs/decisions/0077), each against its local stand-in: Telegram, an SMTP
 * server, a webhook receiver, AlfaCRM and a Bitrix24 portal. Deliveries run beside the load, as
 * in production; the figures say how many each had taken when the load ended.
 */
async function startReceivers() {
  const [telegram, smtp, webhook, alfacrm, bitrix24] = await Promise.all([
    startFakeTelegram(),
    startSmtp(),
    startFakeWebhook(WEBHOOK_SECRET),
    startFakeAlfaCrm(),
    startFakeBitrix24(),
  ])
  return {
    env: {
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_CHAT_ID: '1',
      TELEGRAM_API_URL: telegram.url,
      SMTP_URL: smtp.url,
      LEAD_EMAIL_TO: 'school@itlab.example',
      LEAD_WEBHOOK_URL: webhook.url,
      LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
      LEAD_WEBHOOK_RECEIVER: 'стенд',
      ALFACRM_URL: alfacrm.url,
      ALFACRM_EMAIL: alfacrm.email,
      ALFACRM_API_KEY: alfacrm.apiKey,
      ALFACRM_BRANCH_ID: String(alfacrm.branchId),
      BITRIX24_WEBHOOK_URL: bitrix24.webhookUrl,
    },
    delivered: () => ({
      telegram: telegram.messages.length,
      email: smtp.mails.length,
      webhook: webhook.received.length,
      alfacrm: alfacrm.customers.length,
      bitrix24: bitrix24.leads.length,
    }),
    close: () =>
      Promise.all([telegram, smtp, webhook, alfacrm, bitrix24].map((fake) => fake.close())),
  }
}

// --- the run -------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-leads-'))
  const dbPath = path.join(dir, 'leads.sqlite')
  const receivers = settings.channels ? await startReceivers() : undefined
  const service = await startService({
    LEADS_DB: dbPath,
    SITE_ORIGIN: ORIGIN,
    RATE_LIMIT_MAX: '1000000', // the service's ceiling for this setting
    LOG_LEVEL: settings.logLevel,
    ...receivers?.env,
  })
  const durability = `journal_mode=${String(service.settings.journalMode)}, synchronous=${String(service.settings.synchronous)}`
  process.once('exit', () => void service.stop('SIGKILL'))
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`bench-leads: ${signal}, stopping`)
      void service.stop('SIGKILL')
      if (process.env.BENCH_KEEP_DB !== '1') rmSync(dir, { recursive: true, force: true })
      process.exit(130)
    })
  }

  try {
    const loadBefore = os.loadavg().map((value) => round(value))
    console.log(
      `lead service on ${service.url} (node ${process.versions.node}), db ${dbPath}\n` +
        `load: ${settings.warmup} warm-up + ${settings.leads} leads, ` +
        `${settings.connections} connections, pipelining ${settings.pipelining}; ` +
        `service durability: ${durability}, LOG_LEVEL=${settings.logLevel}\n` +
        `load average before the run: ${loadBefore.join(' ')} (other work on the machine skews it)`,
    )

    const warmup = settings.warmup > 0 ? await load(service.url, settings.warmup) : undefined
    const run = await load(service.url, settings.leads)
    const deliveredDuringLoad = receivers?.delivered()
    await service.stop('SIGKILL') // only committed rows are counted below
    if (deliveredDuringLoad) {
      console.log(
        `channels on (local stand-ins); leads each had taken when the load ended: ${JSON.stringify(deliveredDuringLoad)}`,
      )
    }

    const db = new DatabaseSync(dbPath)
    const count = (sql: string) => Number(db.prepare(sql).get()?.n ?? Number.NaN)
    const rows = count('SELECT COUNT(*) AS n FROM leads')
    const distinctPhones = count('SELECT COUNT(DISTINCT phone) AS n FROM leads')
    db.close()

    const acknowledged = run.result['2xx'] + (warmup?.result['2xx'] ?? 0)
    const sorted = [...run.latenciesMs].sort((a, b) => a - b)
    const figures = {
      requestsSent: run.result.requests.sent,
      responses: run.latenciesMs.length,
      acknowledged2xx: run.result['2xx'],
      non2xx: run.result.non2xx,
      errors: run.result.errors,
      timeouts: run.result.timeouts,
      elapsedSeconds: round(run.elapsedS, 3),
      leadsPerSecond: round(run.result['2xx'] / run.elapsedS, 1),
      latencyMs: {
        p50: round(percentile(sorted, 50)),
        p90: round(percentile(sorted, 90)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.at(-1) ?? Number.NaN),
      },
      statusCodes: Object.fromEntries(run.statuses),
      warmupAcknowledged2xx: warmup?.result['2xx'] ?? 0,
      rowsInDb: rows,
      distinctPhonesInDb: distinctPhones,
      rowsEqualAcknowledged: rows === acknowledged,
      eachLeadOnce: distinctPhones === rows,
      stoppedByTimeLimit: run.stoppedByTimeLimit || (warmup?.stoppedByTimeLimit ?? false),
    }
    const targets = {
      leadsPerSecond: {
        target: `>= ${TARGET.leadsPerSecond}`,
        met: figures.leadsPerSecond >= TARGET.leadsPerSecond,
      },
      p99Ms: { target: `<= ${TARGET.p99Ms}`, met: figures.latencyMs.p99 <= TARGET.p99Ms },
    }

    const yesNo = (ok: boolean) => (ok ? 'yes' : 'NO')
    console.table({
      'requests sent': { value: figures.requestsSent, target: '', met: '' },
      '2xx acknowledged': { value: figures.acknowledged2xx, target: '', met: '' },
      'non-2xx': { value: figures.non2xx, target: '0', met: yesNo(figures.non2xx === 0) },
      'errors (timeouts)': {
        value: `${figures.errors} (${figures.timeouts})`,
        target: '0',
        met: yesNo(figures.errors === 0),
      },
      'elapsed (s)': { value: figures.elapsedSeconds, target: '', met: '' },
      'leads/s accepted': {
        value: figures.leadsPerSecond,
        target: targets.leadsPerSecond.target,
        met: yesNo(targets.leadsPerSecond.met),
      },
      'latency p50 (ms)': { value: figures.latencyMs.p50, target: '', met: '' },
      'latency p90 (ms)': { value: figures.latencyMs.p90, target: '', met: '' },
      'latency p99 (ms)': {
        value: figures.latencyMs.p99,
        target: targets.p99Ms.target,
        met: yesNo(targets.p99Ms.met),
      },
      'latency max (ms)': { value: figures.latencyMs.max, target: '', met: '' },
      'rows in db (incl. warm-up)': {
        value: rows,
        target: `= ${acknowledged} acked`,
        met: yesNo(figures.rowsEqualAcknowledged),
      },
    })

    const drills = await fullDisk()
    const report = {
      date: new Date().toISOString(),
      node: process.versions.node,
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model ?? '',
        platform: os.platform(),
        loadAverageBefore: loadBefore,
        loadAverageAfter: os.loadavg().map((value) => round(value)),
      },
      settings: { ...settings, durability },
      figures,
      deliveredDuringLoad: deliveredDuringLoad ?? 'channels off',
      targets,
      autocannon: { latencyMs: run.result.latency, requestsPerSecond: run.result.requests },
      fullDisk: drills ?? 'skipped',
    }
    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true })
    writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`)
    console.log(`figures written to ${path.relative(ROOT, RESULTS_FILE)}`)

    if (figures.stoppedByTimeLimit) {
      console.error(`FAIL: the load hit BENCH_TIME_LIMIT_S (${settings.timeLimitS} s) and was cut`)
      return 1
    }
    if (!figures.eachLeadOnce) {
      console.error(
        `FAIL: ${rows} rows but ${distinctPhones} distinct leads: some were stored twice`,
      )
      return 1
    }
    if (!figures.rowsEqualAcknowledged) {
      console.error(`FAIL: ${rows} rows in the database, ${acknowledged} leads acknowledged`)
      return 1
    }
    const failedDrills = Object.entries(drills ?? {}).filter(([, result]) => !drillHeld(result))
    if (failedDrills.length > 0) {
      console.error(`FAIL: full-disk drill: ${failedDrills.map(([name]) => name).join(', ')}`)
      return 1
    }
    if (!targets.leadsPerSecond.met || !targets.p99Ms.met) {
      console.log('note: a target is not met on this machine (reported, not a failure)')
    }
    return 0
  } finally {
    await service.stop('SIGKILL')
    await receivers?.close()
    if (process.env.BENCH_KEEP_DB === '1') console.log(`database kept: ${dbPath}`)
    else rmSync(dir, { recursive: true, force: true })
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
