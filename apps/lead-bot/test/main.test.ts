import { copyFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { performance } from 'node:perf_hooks'
import { afterAll, expect, it } from 'vitest'
import { openLeadStore } from '../src/store/lead-store.ts'
import { eventually, tempDir } from './helpers.ts'
import { startFakeBitrix24, startFakeWebhook } from '../harness/fake-receivers.ts'
import { LEAD_QUERY } from '../harness/sample-leads.ts'
import { runService, startService } from '../harness/service.ts'

const temp = tempDir()
afterAll(() => temp.remove())

it('says at start that Telegram delivery is off, stores leads, and stops cleanly on SIGINT', async () => {
  const service = await startService({ LEADS_DB: path.join(temp.dir, 'off.sqlite') })
  const warning = service.logs.find((line) => String(line.msg).includes('Telegram delivery is OFF'))
  expect(warning).toMatchObject({ level: 40, pending: 0 })
  expect(service.logs.find((line) => line.msg === 'lead-bot listening')).toMatchObject({
    journalMode: 'wal',
    synchronous: 'full',
  })
  const response = await fetch(`${service.url}/send?${LEAD_QUERY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Анна', phone: '+7 (912) 345-67-89' }),
  })
  expect(response.status).toBe(200)
  const health = await (await fetch(`${service.url}/health`)).json()
  expect(health).toMatchObject({ status: 'ok', db: 'writable', pending: 1, failed: 0 })
  expect(await service.stop('SIGINT')).toEqual({ code: 0, signal: null })
})

it('refuses to start on a bad setting, naming it', async () => {
  const service = runService({
    LEADS_DB: path.join(temp.dir, 'bad.sqlite'),
    TELEGRAM_BOT_TOKEN: 'x',
  })
  expect(await service.exited).toEqual({ code: 1, signal: null })
  expect(service.stderr.join('\n')).toContain(
    'TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID must be set together',
  )
})

it('delivers each lead to every channel on at once, and /health reports each', async () => {
  const secret = 'a-webhook-secret-of-more-than-32-characters'
  const webhook = await startFakeWebhook(secret)
  const portal = await startFakeBitrix24()
  const service = await startService({
    LEADS_DB: path.join(temp.dir, 'channels.sqlite'),
    LEAD_WEBHOOK_URL: webhook.url,
    LEAD_WEBHOOK_SECRET: secret,
    LEAD_WEBHOOK_RECEIVER: 'стенд',
    BITRIX24_WEBHOOK_URL: portal.webhookUrl,
  })
  try {
    expect(service.settings).toMatchObject({ channels: ['webhook', 'bitrix24'] })
    expect((await post(service.url, 'Анна')).status).toBe(200)
    // Woken by the lead itself, not by a poll (OUTBOX_POLL_MS is 30 s).
    await eventually(() => expect(webhook.received).toHaveLength(1), 20_000)
    await eventually(() => expect(portal.leads).toHaveLength(1), 20_000)
    expect(webhook.received[0]).toMatchObject({ signed: true })
    await eventually(async () =>
      expect(await (await fetch(`${service.url}/health`)).json()).toMatchObject({
        pending: 1, // Telegram is off: the lead waits for it, as before
        channels: {
          telegram: { pending: 1, failed: 0 },
          webhook: { pending: 0, failed: 0 },
          bitrix24: { pending: 0, failed: 0 },
        },
      }),
    )
  } finally {
    await service.stop()
    await Promise.all([webhook.close(), portal.close()])
  }
})

it('refuses to start with a half-set channel, naming what is missing', async () => {
  const service = runService({
    LEADS_DB: path.join(temp.dir, 'half.sqlite'),
    ALFACRM_URL: 'https://school.s20.online',
    ALFACRM_EMAIL: 'api@itlab.example',
  })
  expect(await service.exited).toEqual({ code: 1, signal: null })
  expect(service.stderr.join('\n')).toContain(
    'ALFACRM_API_KEY, ALFACRM_BRANCH_ID must be set for the AlfaCRM channel',
  )
})

it.each([
  ['its folder is a file', (dir: string) => path.join(dir, 'a-file', 'leads.sqlite'), /EEXIST/],
  ['it is a folder', (dir: string) => path.join(dir, 'a-folder'), /unable to open/],
])('names the database path and the reason when %s', async (_case, where, reason) => {
  writeFileSync(path.join(temp.dir, 'a-file'), '')
  mkdirSync(path.join(temp.dir, 'a-folder'), { recursive: true })
  const dbPath = where(temp.dir)
  const service = runService({ LEADS_DB: dbPath })
  expect(await service.exited).toEqual({ code: 1, signal: null })
  const stderr = service.stderr.join('\n')
  expect(stderr).toContain(`lead-bot: cannot open the database ${dbPath}: `)
  expect(stderr).toMatch(reason)
})

/** A lead posted as the site's script does; a redirect is answered, not followed. */
const post = (url: string, name: string) =>
  fetch(`${url}/send?${LEAD_QUERY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, phone: '+7 (912) 345-67-89' }),
    redirect: 'manual',
  })

/** The drill of docs/decisions/0043: `change` is done to the file while the service runs. */
async function replacedWhileRunning(dir: string, change: (dbPath: string) => void) {
  const dbPath = path.join(temp.dir, dir, 'leads.sqlite')
  const env = { LEADS_DB: dbPath }
  const first = await startService(env)
  for (const name of ['До 1', 'До 2']) expect((await post(first.url, name)).status).toBe(200)
  const backup = path.join(temp.dir, dir, 'backup.sqlite')
  const reader = new DatabaseSync(dbPath, { readOnly: true })
  reader.exec(`VACUUM INTO '${backup}'`)
  reader.close()
  expect((await post(first.url, 'После копии')).status).toBe(200)
  change(dbPath)
  // Never a 200 into a file it cannot vouch for: it stops taking leads, sends the lead on to the
  // next start (307: a browser posts it again) and exits.
  const refused = await post(first.url, 'Не принят')
  expect(refused.status).toBe(307)
  expect(await first.exited).toEqual({ code: 75, signal: null })
  expect(first.logs.map((line) => line.msg)).toContainEqual(
    expect.stringMatching(/database file was deleted, replaced or changed/),
  )
  const second = await startService(env)
  expect(await (await fetch(`${second.url}/health`)).json()).toMatchObject({ db: 'writable' })
  await second.stop()
  const check = new DatabaseSync(dbPath, { readOnly: true })
  expect(check.prepare('PRAGMA integrity_check').get()?.integrity_check).toBe('ok')
  const names = check
    .prepare('SELECT name FROM leads ORDER BY id')
    .all()
    .map((row) => row.name)
  check.close()
  return { names, backup }
}

it('rm of the database (WAL left) while running: 307 and exit, and the restart has every lead', async () => {
  const { names } = await replacedWhileRunning('rm', (dbPath) => rmSync(dbPath))
  expect(names).toEqual(['До 1', 'До 2', 'После копии'])
})

it('a backup moved over the live file while running: the restart has the backup and every later lead', async () => {
  const { names } = await replacedWhileRunning('mv', (dbPath) =>
    renameSync(path.join(path.dirname(dbPath), 'backup.sqlite'), dbPath),
  )
  expect(names).toEqual(['До 1', 'До 2', 'После копии'])
})

it('a backup copied over the live file while running: never a malformed file, never a 200 into it', async () => {
  const { names } = await replacedWhileRunning('cp', (dbPath) =>
    copyFileSync(path.join(path.dirname(dbPath), 'backup.sqlite'), dbPath),
  )
  // The copy overwrote the file in place; what the service still held comes back from its WAL.
  expect(names).toEqual(expect.arrayContaining(['До 1', 'До 2']))
})

it('a write lock held by another process: /health and /send answer 503 within a second', async () => {
  const dbPath = path.join(temp.dir, 'locked.sqlite')
  const service = await startService({ LEADS_DB: dbPath })
  const locker = new DatabaseSync(dbPath)
  locker.exec('BEGIN IMMEDIATE')
  const started = performance.now()
  const [health, send] = await Promise.all([fetch(`${service.url}/health`), post(service.url, 'A')])
  const elapsed = performance.now() - started
  locker.exec('ROLLBACK')
  locker.close()
  expect([health.status, send.status]).toEqual([503, 503])
  expect(elapsed).toBeLessThan(1_500)
  // Another program's connection never writes the main file: the guard has nothing to see.
  expect((await fetch(`${service.url}/health`)).status).toBe(200)
  await service.stop()
})

it('deletes delivered leads past LEADS_RETENTION_DAYS at start; keeps a pending one, loudly', async () => {
  const dbPath = path.join(temp.dir, 'retention.sqlite')
  const store = openLeadStore(dbPath)
  const lead = { phone: '+7 (912) 345-67-89', form: 'feedback', consentVersion: 'unstated' }
  const day = 86_400_000
  const delivered = store.insert({ ...lead, name: 'Старая' }, Date.now() - 32 * day)
  store.markSent(delivered.id, 1, Date.now() - 32 * day)
  store.insert({ ...lead, name: 'Старая, не доставлена' }, Date.now() - 31 * day)
  store.insert({ ...lead, name: 'Свежая' }, Date.now() - 29 * day)
  store.close()
  const service = await startService({ LEADS_DB: dbPath, LEADS_RETENTION_DAYS: '30' })
  expect(service.logs.find((line) => line.msg === 'expired leads deleted')).toMatchObject({
    deleted: 1,
    retentionDays: 30,
  })
  expect(service.logs.find((line) => String(line.msg).includes('never delivered'))).toMatchObject({
    level: 50,
    keptUndelivered: 1,
  })
  expect(await (await fetch(`${service.url}/health`)).json()).toMatchObject({ pending: 2 })
  await service.stop()
})
