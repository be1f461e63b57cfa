import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { performance } from 'node:perf_hooks'
import { afterAll, expect, it } from 'vitest'
import { openLeadStore } from '../src/db.ts'
import { LEAD_QUERY, tempDir } from './helpers.ts'
import { runService, startService } from './service.ts'

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

const post = (url: string, name: string) =>
  fetch(`${url}/send?${LEAD_QUERY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, phone: '+7 (912) 345-67-89' }),
  })

it('rm of the database while running loses nothing, across a restart', async () => {
  const dbPath = path.join(temp.dir, 'rm', 'leads.sqlite')
  const env = { LEADS_DB: dbPath }
  const first = await startService(env)
  for (const name of ['До 1', 'До 2']) expect((await post(first.url, name)).status).toBe(200)
  for (const suffix of ['', '-wal', '-shm']) rmSync(dbPath + suffix, { force: true })
  for (const name of ['После 1', 'После 2']) expect((await post(first.url, name)).status).toBe(200)
  expect(await (await fetch(`${first.url}/health`)).json()).toMatchObject({
    db: 'writable',
    pending: 4,
  })
  await first.stop()
  const reader = openLeadStore(dbPath, { readOnly: true })
  expect(reader.list({ limit: 10 }).map((row) => row.name)).toEqual([
    'После 2',
    'После 1',
    'До 2',
    'До 1',
  ])
  reader.close()
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
  await service.stop()
})

it('deletes leads past LEADS_RETENTION_DAYS at start, pending ones included', async () => {
  const dbPath = path.join(temp.dir, 'retention.sqlite')
  const store = openLeadStore(dbPath)
  const lead = { phone: '+7 (912) 345-67-89', form: 'feedback', consentVersion: 'unstated' }
  const day = 86_400_000
  store.insert({ ...lead, name: 'Старая, не доставлена' }, Date.now() - 31 * day)
  store.insert({ ...lead, name: 'Свежая' }, Date.now() - 29 * day)
  store.close()
  const service = await startService({ LEADS_DB: dbPath, LEADS_RETENTION_DAYS: '30' })
  expect(service.logs.find((line) => line.msg === 'expired leads deleted')).toMatchObject({
    deleted: 1,
    retentionDays: 30,
  })
  expect(await (await fetch(`${service.url}/health`)).json()).toMatchObject({ pending: 1 })
  await service.stop()
})
