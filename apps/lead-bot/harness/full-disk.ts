// A disk that fills while leads arrive, for the tests and `npm run bench:leads`
// (docs/decisions/0058-a-full-disk-costs-no-lead.md). The service runs with its database on a
// small tmpfs of its own (mounting needs root), Telegram failing or working (the fake); a filler
// file leaves it a little room, a steady stream of leads fills it, the filler is removed, and the
// stream goes on. What every answer was, what the database holds and what reached the chat are
// counted. A parent who asked for reminders has one due from the start: it reaches her chat once,
// whether it went before the disk filled or had to wait for space to be claimed
// (docs/decisions/0103-a-trial-she-holds.md).
import { execFileSync } from 'node:child_process'
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statfsSync,
  writeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { REPEAT_NOTE } from '../src/telegram-message.ts'
import { startFakeTelegram } from './fake-telegram.ts'
import { HER_CHAT, seedDueReminder } from './due-reminder.ts'
import { LEAD_QUERY, phoneFor } from './sample-leads.ts'
import { startService } from './service.ts'
import type { Service } from './service.ts'

export interface FullDiskOptions {
  telegram: 'failing' | 'working'
  /** SIGKILL the service while the disk is full and start it again once space is freed. */
  crashWhileFull?: boolean
  /** The tmpfs's size (bytes). */
  sizeBytes?: number
  /** Room the filler leaves for the database to grow into (bytes). */
  headroomBytes?: number
  /** The service's LOG_LEVEL. */
  logLevel?: string
  /** How long the disk stays full at least when no checkpoint has met it yet (ms). */
  fullForMs?: number
}

export interface FullDiskResult {
  /** Leads answered 200, and how many of them the live database holds afterwards. */
  answered200: number
  readable: number
  /** Leads answered 503 (`{"error":"unavailable"}`), and any other answer by status. */
  answered503: number
  otherAnswers: Record<string, number>
  /** While no space was left: /health's answer and a form post's. */
  healthWhileFull: { status: number; body: unknown }
  formWhileFull: { status: number; location: string | null }
  /** The service's own checkpoints that failed (logged), while the disk was full. */
  failedCheckpoints: number
  /** Error lines about refused leads (one a minute at most, however many were refused). */
  refusalLogLines: number
  /** Once the filler was removed: 20 leads in a row answered 200. */
  acceptsAgain: boolean
  /** Leads answered 200 that reached the chat, and those sent again without the repeat note. */
  delivered: number
  repeatedUnmarked: number
  /** Times the service exited on its own (a fence, a crash): 0 expected. */
  exits: number
  /** Rescue copies and set-aside WALs left beside the database. */
  guardFiles: string[]
  integrity: string
  /** The first line of each message her chat with the bot got: each reminder once. */
  reminders: string[]
}

const SENDERS = 8
const ACCEPT_AGAIN = 20

/** Mounts a tmpfs of `sizeBytes` on a new folder; the returned function unmounts and removes it. */
export function mountTmpfs(sizeBytes: number): { dir: string; unmount: () => void } {
  if (process.getuid?.() !== 0) {
    throw new Error('the full-disk drill mounts a tmpfs: run it as root (CI does)')
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'lead-bot-full-'))
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0700`, 'tmpfs', dir])
  return {
    dir,
    unmount: () => {
      // Lazy: detached at once even if a failed test left a file open; freed when it is closed.
      execFileSync('umount', ['--lazy', dir])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

const freeBytes = (dir: string) => {
  const stat = statfsSync(dir)
  return stat.bavail * stat.bsize
}

/** Writes `file` until `dir` has at most `leave` bytes free (or none); returns its size. */
export function fillUntil(dir: string, file: string, leave: number): number {
  const chunk = Buffer.alloc(16_384)
  const fd = openSync(file, 'w')
  let written = 0
  try {
    while (freeBytes(dir) > leave) {
      written += writeSync(fd, chunk, 0, Math.min(chunk.length, freeBytes(dir) - leave))
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
  } finally {
    closeSync(fd)
  }
  return written
}

const name = (n: number) => `Диск ${n}`

export async function fullDiskDrill(options: FullDiskOptions): Promise<FullDiskResult> {
  const tmpfs = mountTmpfs(options.sizeBytes ?? 4 * 1024 * 1024)
  const fake = await startFakeTelegram()
  fake.setBehaviour(
    options.telegram === 'working' ? { kind: 'ok' } : { kind: 'error', status: 502 },
  )
  const dbPath = path.join(tmpfs.dir, 'leads.sqlite')
  const filler = path.join(tmpfs.dir, 'filler')
  const env = {
    LEADS_DB: dbPath,
    TELEGRAM_BOT_TOKEN: fake.token,
    TELEGRAM_CHAT_ID: '-1001',
    TELEGRAM_API_URL: fake.url,
    TELEGRAM_SEND_INTERVAL_MS: '0',
    OUTBOX_POLL_MS: '50',
    OUTBOX_RETRY_BASE_MS: '50',
    OUTBOX_RETRY_MAX_MS: '200',
    RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: options.logLevel ?? 'warn',
  }
  seedDueReminder(dbPath)
  const services: Service[] = []
  const stopped = new Set<Service>()
  let exits = 0
  const watch = (service: Service) => {
    services.push(service)
    void service.exited.then(() => {
      if (!stopped.has(service)) exits += 1
    })
    return service
  }
  const stop = (service: Service, signal?: NodeJS.Signals) => {
    stopped.add(service)
    return service.stop(signal)
  }
  // Counted as the lines come (the log grows by thousands of lines while the disk is full).
  const lineCounts = new Map<string, number>()
  const read = new Map<Service, number>()
  const logged = (message: string) => {
    for (const service of services) {
      const { logs } = service
      for (let line = read.get(service) ?? 0; line < logs.length; line += 1) {
        const msg = String(logs[line]?.msg)
        lineCounts.set(msg, (lineCounts.get(msg) ?? 0) + 1)
      }
      read.set(service, logs.length)
    }
    return lineCounts.get(message) ?? 0
  }
  const failedCheckpoints = () => logged('checkpoint failed; the WAL keeps every commit')

  const statuses = new Map<number, number>()
  let next = 0
  let service = watch(await startService(env))
  try {
    fillUntil(tmpfs.dir, filler, options.headroomBytes ?? 512 * 1024)

    /** Sends leads from SENDERS clients until `done()`; each lead's status is kept. */
    async function stream(done: () => boolean): Promise<void> {
      await Promise.all(
        Array.from({ length: SENDERS }, async () => {
          while (!done()) {
            const n = next++
            try {
              const response = await fetch(`${service.url}/send?${LEAD_QUERY}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ name: name(n), phone: phoneFor(n) }),
              })
              const body = await response.text()
              statuses.set(
                n,
                response.status === 200 && body !== '{"ok":true}' ? -1 : response.status,
              )
            } catch {
              statuses.set(n, 0)
            }
            // A refused lead is answered at once: leave the outbox room to run.
            if (statuses.get(n) !== 200) await new Promise((resolve) => setTimeout(resolve, 10))
          }
        }),
      )
    }
    const count = (status: number) => [...statuses.values()].filter((s) => s === status).length

    // Fill: until leads are refused and one of the service's checkpoints has met the full disk
    // (it checkpoints after 200 calls or 30 s, counting the calls that succeed: with Telegram
    // failing the outbox's reads soon get there; with Telegram working the outbox waits on a
    // delivery it cannot record, and the drill goes on after `fullForMs`), or the service exited.
    let fullSince: number | undefined
    const fillDeadline = Date.now() + 60_000
    await stream(() => {
      if (fullSince === undefined && count(503) > 0) fullSince = Date.now()
      const fullLongEnough =
        fullSince !== undefined && Date.now() - fullSince > (options.fullForMs ?? 5_000)
      return (
        (count(503) >= 50 && (failedCheckpoints() > 0 || fullLongEnough)) ||
        service.process.exitCode !== null ||
        Date.now() > fillDeadline
      )
    })
    const health = await fetch(`${service.url}/health`).catch(() => undefined)
    const healthWhileFull = {
      status: health?.status ?? 0,
      body: await health?.json().catch(() => undefined),
    }
    const form = await fetch(`${service.url}/send`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: name(next),
        phone: phoneFor(next++),
        form: 'feedback',
        consent: '2025-09-01.0a1b2c3d',
        website: '',
      }),
    }).catch(() => undefined)
    const formWhileFull = {
      status: form?.status ?? 0,
      location: form?.headers.get('location') ?? null,
    }

    if (options.crashWhileFull) {
      await stop(service, 'SIGKILL')
      rmSync(filler)
      service = watch(await startService(env))
    } else {
      rmSync(filler)
    }

    // Freed: the stream goes on until ACCEPT_AGAIN leads in a row are taken.
    let inARow = 0
    const acceptDeadline = Date.now() + 30_000
    const lastStatus = new Map<number, number>()
    await stream(() => {
      for (const [n, status] of statuses) {
        if (lastStatus.has(n)) continue
        lastStatus.set(n, status)
        inARow = status === 200 ? inARow + 1 : 0
      }
      return (
        inARow >= ACCEPT_AGAIN || service.process.exitCode !== null || Date.now() > acceptDeadline
      )
    })
    fake.setBehaviour({ kind: 'ok' })
    const acknowledged = [...statuses].filter(([, s]) => s === 200).map(([n]) => n)
    const messagesOf = (n: number) =>
      fake.messages.filter((message) => message.text.includes(`</b> ${name(n)}\n`))
    const inChat = (n: number) => messagesOf(n).length
    const deliverDeadline = Date.now() + 60_000
    while (
      service.process.exitCode === null &&
      Date.now() < deliverDeadline &&
      (acknowledged.some((n) => inChat(n) === 0) ||
        !fake.messages.some((message) => message.chatId === HER_CHAT))
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await stop(service)

    const db = new DatabaseSync(dbPath, { readOnly: true })
    const stored = new Set(
      db
        .prepare('SELECT name FROM leads')
        .all()
        .map((row) => String(row.name)),
    )
    const integrity = String(db.prepare('PRAGMA integrity_check').get()?.integrity_check)
    db.close()
    const others: Record<string, number> = {}
    for (const status of statuses.values()) {
      if (status !== 200 && status !== 503) others[status] = (others[status] ?? 0) + 1
    }
    return {
      answered200: acknowledged.length,
      readable: acknowledged.filter((n) => stored.has(name(n))).length,
      answered503: count(503),
      otherAnswers: others,
      healthWhileFull,
      formWhileFull,
      failedCheckpoints: failedCheckpoints(),
      refusalLogLines: logged('leads refused: no space left for the database'),
      acceptsAgain: inARow >= ACCEPT_AGAIN,
      delivered: acknowledged.filter((n) => inChat(n) >= 1).length,
      // A delivery the full disk kept from being recorded may go again, saying so (0043).
      repeatedUnmarked: acknowledged.filter((n) =>
        messagesOf(n)
          .slice(1)
          .some((message) => !message.text.includes(REPEAT_NOTE)),
      ).length,
      exits,
      guardFiles: readdirSync(tmpfs.dir).filter((file) => /rescue|set-aside/.test(file)),
      integrity,
      reminders: fake.messages
        .filter((message) => message.chatId === HER_CHAT)
        .map((message) => message.text.split('\n')[0] ?? ''),
    }
  } finally {
    for (const running of services) await stop(running, 'SIGKILL')
    await fake.close()
    tmpfs.unmount()
  }
}
