import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, expect, it } from 'vitest'
import { HER_CHAT, seedDueReminder } from '../harness/due-reminder.ts'
import { startFakeTelegram } from '../harness/fake-telegram.ts'
import { eventually, tempDir } from './helpers.ts'
import { LEAD_QUERY, phoneFor } from '../harness/sample-leads.ts'
import { startService } from '../harness/service.ts'
import type { Service } from '../harness/service.ts'

/** At most this many leads; the kill stops the stream long before. */
const TOTAL = 2000
/**
 * Clients each sending leads back to back. A steady stream rather than one burst of TOTAL: with
 * group commit a single burst is committed and answered in one or two batches, all before the
 * kill lands, so nothing would be in flight when it does.
 */
const SENDERS = 20
/** SIGKILL goes out when this many leads have been acknowledged. */
const KILL_AFTER = 60

const temp = tempDir()
const running: Service[] = []
afterAll(() => {
  for (const service of running) service.process.kill('SIGKILL')
  temp.remove()
})

function readLeads(dbPath: string) {
  const db = new DatabaseSync(dbPath)
  const rows = db.prepare('SELECT id, name, phone, status FROM leads ORDER BY id').all()
  db.close()
  return rows.map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    phone: String(row.phone),
    status: String(row.status),
  }))
}

it('every lead acknowledged before a SIGKILL is stored, and delivered once after restart; a parent’s reminder too', async () => {
  const fake = await startFakeTelegram()
  fake.setBehaviour({ kind: 'error', status: 500 })
  const dbPath = path.join(temp.dir, 'crash.sqlite')
  const env = {
    LEADS_DB: dbPath,
    TELEGRAM_BOT_TOKEN: fake.token,
    TELEGRAM_CHAT_ID: '-1001',
    TELEGRAM_API_URL: fake.url,
    RATE_LIMIT_MAX: '100000',
    // One failed try each in the first run, the next a minute away: the kill lands between tries.
    // A kill during a reminder's try would leave its claim, and a claimed reminder is never sent
    // again, lest she get it twice (docs/decisions/0103-a-trial-she-holds.md).
    OUTBOX_RETRY_BASE_MS: '60000',
    OUTBOX_RETRY_MAX_MS: '60000',
    OUTBOX_POLL_MS: '500',
    TELEGRAM_SEND_INTERVAL_MS: '0',
  }
  // Her reminder is due from the start (docs/decisions/0103): Telegram failing, the first run
  // cannot send it, and the kill must neither lose it nor let the next run send it twice.
  seedDueReminder(dbPath)

  const first = await startService(env)
  running.push(first)
  // Her reminder's try failed and its claim was given back (in the same step as this line).
  await first.logged((line) => line.msg === 'trial reminder failed; will retry')
  const acknowledged = new Set<number>()
  let killedAtAck = 0
  let fired = 0
  async function sender(): Promise<void> {
    while (fired < TOTAL) {
      const i = fired
      fired += 1
      let status: number
      let body: string
      try {
        const response = await fetch(`${first.url}/send?${LEAD_QUERY}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Краш ${i}`, phone: phoneFor(i) }),
        })
        status = response.status
        body = await response.text()
      } catch {
        return // the service is gone: this sender stops
      }
      if (status === 200 && body === '{"ok":true}') {
        acknowledged.add(i)
        if (acknowledged.size === KILL_AFTER) {
          killedAtAck = acknowledged.size
          first.process.kill('SIGKILL')
        }
      }
    }
  }
  await Promise.all(Array.from({ length: SENDERS }, sender))
  const exit = await first.exited
  expect(exit.signal).toBe('SIGKILL')

  const afterCrash = readLeads(dbPath)
  const storedPhones = new Set(afterCrash.map((lead) => lead.phone))
  const lost = [...acknowledged].filter((i) => !storedPhones.has(phoneFor(i)))
  expect(fake.messages).toHaveLength(0) // Telegram failed throughout the first run
  expect(afterCrash.every((lead) => lead.status === 'pending')).toBe(true)

  fake.setBehaviour({ kind: 'ok' })
  const second = await startService(env)
  running.push(second)
  await eventually(async () => {
    const health = (await (await fetch(`${second.url}/health`)).json()) as { pending: number }
    expect(health.pending).toBe(0)
  })
  await eventually(() => {
    expect(fake.messages.some((m) => m.chatId === HER_CHAT)).toBe(true)
  })
  const stopped = await second.stop()

  const afterRestart = readLeads(dbPath)
  const toDesk = fake.messages.filter((m) => m.chatId !== HER_CHAT)
  const deliveredIds = toDesk.map((m) => Number(/Заявка №<\/b>(\d+)/.exec(m.text)?.[1]))

  expect(killedAtAck).toBe(KILL_AFTER)
  expect(acknowledged.size).toBeLessThan(TOTAL) // the kill really landed mid-burst
  expect(lost).toEqual([])
  expect(afterRestart).toHaveLength(afterCrash.length)
  expect(afterRestart.every((lead) => lead.status === 'sent')).toBe(true)
  // Exactly once: one message per stored lead, none twice.
  expect(deliveredIds.sort((a, b) => a - b)).toEqual(afterRestart.map((lead) => lead.id))
  for (const i of acknowledged) {
    expect(fake.messages.filter((m) => m.text.includes(`</b> Краш ${i}\n`)).length).toBe(1)
  }
  // Her reminder went once, after the restart.
  expect(fake.messages.filter((m) => m.chatId === HER_CHAT)).toHaveLength(1)
  expect(stopped).toEqual({ code: 0, signal: null })
  await fake.close()
})
