import { spawn } from 'node:child_process'
import { once } from 'node:events'
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { backupTo } from '../src/store/backups.ts'
import { openLeadStore } from '../src/store/lead-store.ts'
import { fillUntil, mountTmpfs } from '../harness/full-disk.ts'
import { startFakeTelegram } from '../harness/fake-telegram.ts'
import type { FakeTelegram } from '../harness/fake-telegram.ts'
import { eventually, runCli, tempDir } from './helpers.ts'
import { run } from '../scripts/leads.ts'
import { LEAD_QUERY, phoneFor } from '../harness/sample-leads.ts'
import { startService } from '../harness/service.ts'
import type { Service } from '../harness/service.ts'

// `npm run leads -- --backup DIR` and `--restore FILE` beside the running service, with the fake
// Telegram: a restore brings back what was lost, never a deleted lead, and sends nothing twice.

const SCRIPT = path.join(import.meta.dirname, '..', 'scripts', 'leads.ts')
const temp = tempDir()
const running: Service[] = []
const fakes: FakeTelegram[] = []
afterAll(async () => {
  for (const service of running) await service.stop()
  for (const fake of fakes) await fake.close()
  temp.remove()
})

function leads(args: string[], env: Record<string, string>) {
  return runCli(run, args, env)
}

async function serviceWithTelegram(dbPath: string, fake: FakeTelegram) {
  const service = await startService({
    LEADS_DB: dbPath,
    TELEGRAM_BOT_TOKEN: fake.token,
    TELEGRAM_CHAT_ID: '42',
    TELEGRAM_API_URL: fake.url,
    TELEGRAM_SEND_INTERVAL_MS: '0',
    OUTBOX_POLL_MS: '100',
    RATE_LIMIT_MAX: '1000',
  })
  running.push(service)
  return service
}

const post = (url: string, n: number) =>
  fetch(`${url}/send?${LEAD_QUERY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Семья ${n}`, phone: phoneFor(n) }),
  })

it('a backup taken while the service runs, restored after a --delete: nothing deleted comes back, nothing is sent twice', async () => {
  const fake = await startFakeTelegram()
  fakes.push(fake)
  const dbPath = path.join(temp.dir, 'live', 'leads.sqlite')
  const env = { LEADS_DB: dbPath, LEADS_RETENTION_DAYS: '30' }
  const service = await serviceWithTelegram(dbPath, fake)
  for (const n of [1, 2, 3]) expect((await post(service.url, n)).status).toBe(200)
  await eventually(() => expect(fake.messages).toHaveLength(3))
  const first = fake.messages[0]
  fake.press({ chatId: 42, messageId: first?.messageId ?? 0, data: 's:1:c' })
  await eventually(() => expect(fake.edits).toHaveLength(1))

  const dir = path.join(temp.dir, 'backups')
  const backup = await leads(['--backup', dir], env)
  expect(backup).toMatchObject({ code: 0, stderr: '' })
  const [file] = readdirSync(dir).map((name) => path.join(dir, name))
  expect(backup.stdout).toBe(`Backup: ${file}\nBackups past the retention period deleted: 0\n`)
  expect(statSync(file ?? '').mode & 0o777).toBe(0o600)
  expect(statSync(dir).mode & 0o777).toBe(0o700)

  expect((await post(service.url, 4)).status).toBe(200)
  await eventually(() => expect(fake.messages).toHaveLength(4))
  expect((await leads(['--delete', phoneFor(2)], env)).stdout).toBe(
    'Leads with this phone deleted: 1\n',
  )

  const restored = await leads(['--restore', file ?? ''], env)
  expect(restored).toMatchObject({ code: 0, stderr: '' })
  expect(restored.stdout).toContain('Leads added: 0;')
  expect(restored.stdout).toContain('deleted ones not brought back: 1;')
  // Give the outbox several polls: it finds nothing to send.
  await new Promise((resolve) => setTimeout(resolve, 600))
  expect(fake.messages).toHaveLength(4)
  expect(await (await fetch(`${service.url}/health`)).json()).toMatchObject({
    status: 'ok',
    pending: 0,
  })
  const reader = openLeadStore(dbPath, { readOnly: true })
  expect(reader.list({ limit: 10 }).map((row) => [row.name, row.status, row.desk?.status])).toEqual(
    [
      ['Семья 4', 'sent', undefined],
      ['Семья 3', 'sent', undefined],
      ['Семья 1', 'sent', 'called'],
    ],
  )
  reader.close()

  // The file lost altogether: a new service restores the backup; delivered leads stay delivered.
  const fresh = path.join(temp.dir, 'fresh', 'leads.sqlite')
  const second = await serviceWithTelegram(fresh, fake)
  const intoFresh = await leads(['--restore', file ?? ''], { ...env, LEADS_DB: fresh })
  expect(intoFresh.stdout).toContain('Leads added: 3;')
  await new Promise((resolve) => setTimeout(resolve, 600))
  expect(fake.messages).toHaveLength(4)
  expect(await (await fetch(`${second.url}/health`)).json()).toMatchObject({ pending: 0 })
})

it('the lost-database drill: the restored leads keep their numbers, the new №1 becomes №6, the chat is told, every button works', async () => {
  const fake = await startFakeTelegram()
  fakes.push(fake)
  const dbPath = path.join(temp.dir, 'lost', 'leads.sqlite')
  const env = { LEADS_DB: dbPath, LEADS_RETENTION_DAYS: '30' }
  const first = await serviceWithTelegram(dbPath, fake)
  for (const n of [1, 2, 3, 4, 5]) expect((await post(first.url, n)).status).toBe(200)
  await eventually(() => expect(fake.messages).toHaveLength(5))
  const messageOf = (n: number) => fake.messages[n - 1]?.messageId ?? 0
  fake.press({ chatId: 42, messageId: messageOf(2), data: 's:2:c' })
  await eventually(() => expect(fake.edits).toHaveLength(1))
  const dir = path.join(temp.dir, 'lost-backups')
  expect(await leads(['--backup', dir], env)).toMatchObject({ code: 0 })
  const [file = ''] = readdirSync(dir).map((name) => path.join(dir, name))

  // The database lost: the service starts on an empty one, and the next family is №1 again.
  await first.stop()
  for (const suffix of ['', '-wal', '-shm', '-owner']) rmSync(dbPath + suffix, { force: true })
  const second = await serviceWithTelegram(dbPath, fake)
  expect((await post(second.url, 6)).status).toBe(200)
  await eventually(() => expect(fake.messages).toHaveLength(6))
  const newMessage = fake.messages[5]
  expect(newMessage?.text).toContain('<b>Заявка №</b>1')

  const restored = await leads(['--restore', file], env)
  expect(restored).toMatchObject({ code: 0, stderr: '' })
  expect(restored.stdout).toContain('Leads added: 5;')
  expect(restored.stdout).toContain(
    'Renumbered, their numbers given back to restored leads: 1 → 6. The lead service edits ' +
      'their chat messages and buttons and tells the chat.\n',
  )
  // The new lead's message shows №6 with buttons carrying it; the chat is told in a reply.
  await eventually(() => expect(fake.messages).toHaveLength(7))
  expect(fake.messages[6]).toMatchObject({
    text: 'После восстановления базы заявка №1 теперь №6: в сообщении и в npm run leads у неё новый номер, кнопки работают.',
    replyToMessageId: newMessage?.messageId,
  })
  // Its own last edit: the restored leads' messages may be edited before or after it.
  const lastEditOfNew = () =>
    fake.edits.filter((edit) => edit.messageId === newMessage?.messageId).at(-1)
  await eventually(() =>
    expect(lastEditOfNew()).toMatchObject({
      text: expect.stringContaining('<b>Заявка №</b>6'),
      replyMarkup: {
        inline_keyboard: expect.arrayContaining([
          expect.arrayContaining([expect.objectContaining({ callback_data: 's:6:c' })]),
        ]),
      },
    }),
  )

  // Every button works: the new lead's new one, its old one (as a press made before the edit
  // reached the chat), and a restored lead's.
  fake.press({ chatId: 42, messageId: newMessage?.messageId ?? 0, data: 's:6:t' })
  fake.press({ chatId: 42, messageId: newMessage?.messageId ?? 0, data: 's:1:e' })
  fake.press({ chatId: 42, messageId: messageOf(1), data: 's:1:n' })
  await eventually(() => expect(fake.answers).toHaveLength(4))
  expect(fake.answers.slice(1).map((answer) => answer.text)).toEqual([
    'Статус: Пришли на пробное',
    'Статус: Записан',
    'Статус: Не дозвонились',
  ])

  // A second restore of the same copy changes nothing, and the CLI lists every lead by its number.
  const again = await leads(['--restore', file], env)
  expect(again.stdout).toBe(
    'Leads added: 0; updated: 0; deleted ones not brought back: 0; past the retention period: 0; ' +
      "deleted as the copy's log says: 0\n",
  )
  const { stdout } = await leads([], env)
  const listed = stdout.split('\n').flatMap((row) => {
    const match = /^(\d+) .*(Семья \d+)/.exec(row)
    return match ? [`${match[1]} ${match[2]}`] : []
  })
  expect(listed).toEqual([
    '6 Семья 6',
    '5 Семья 5',
    '4 Семья 4',
    '3 Семья 3',
    '2 Семья 2',
    '1 Семья 1',
  ])
  expect(stdout).toMatch(/^6 .*Семья 6 .*Записан/m)
  expect(stdout).toMatch(/^2 .*Семья 2 .*Позвонили/m)
  expect(stdout).toMatch(/^1 .*Семья 1 .*Не дозвонились/m)
  expect(fake.messages).toHaveLength(7)
})

it("--backup deletes the folder's backups older than the retention period, and only those", async () => {
  const dbPath = path.join(temp.dir, 'rotate.sqlite')
  const store = openLeadStore(dbPath)
  store.insert(
    { name: 'Анна', phone: phoneFor(1), form: 'feedback', consentVersion: 'unstated' },
    1,
  )
  store.close()
  const dir = path.join(temp.dir, 'rotate')
  const env = { LEADS_DB: dbPath, LEADS_RETENTION_DAYS: '30' }
  await leads(['--backup', dir], env)
  const [kept] = readdirSync(dir)
  const old = path.join(dir, 'leads-2020-01-01T00-00-00Z.sqlite')
  copyFileSync(path.join(dir, kept ?? ''), old)
  const day = 86_400
  const now = Date.now() / 1000
  utimesSync(old, now - 31 * day, now - 31 * day)
  const other = path.join(dir, 'notes.txt')
  writeFileSync(other, "the owner's file")
  utimesSync(other, now - 400 * day, now - 400 * day)
  const { stdout } = await leads(['--backup', dir], env)
  expect(stdout).toContain('Backups past the retention period deleted: 1')
  expect(readdirSync(dir).sort()).toEqual(expect.arrayContaining([kept, 'notes.txt']))
  expect(readdirSync(dir)).not.toContain(path.basename(old))
})

it('--delete reaches a rescue copy that could not be merged yet', async () => {
  const dbPath = path.join(temp.dir, 'rescue', 'leads.sqlite')
  const store = openLeadStore(dbPath)
  const base = { name: 'Анна', phone: phoneFor(7), form: 'feedback', consentVersion: 'unstated' }
  store.insert(base, 1)
  store.backup(`${dbPath}.rescue-1-1`)
  store.close()
  const { stdout } = await leads(['--delete', phoneFor(7)], { LEADS_DB: dbPath })
  expect(stdout).toBe('Leads with this phone deleted: 2\n')
  const rescue = openLeadStore(`${dbPath}.rescue-1-1`, { readOnly: true })
  expect(rescue.count()).toBe(0)
  rescue.close()
})

it('--restore of a file that is not a database says so in one line and changes nothing', async () => {
  const dbPath = path.join(temp.dir, 'bad-restore.sqlite')
  openLeadStore(dbPath).close()
  const bad = path.join(temp.dir, 'not-a-backup.sqlite')
  writeFileSync(bad, 'garbage'.repeat(200))
  const { code, stdout, stderr } = await leads(['--restore', bad], { LEADS_DB: dbPath })
  expect(code).toBe(1)
  expect(stdout).toBe('')
  expect(stderr.trim().split('\n')).toEqual([expect.stringContaining('could not be restored')])
})

/** A database at `dbPath` with `count` leads. */
function databaseWith(dbPath: string, count: number): void {
  const store = openLeadStore(dbPath)
  for (let n = 0; n < count; n += 1) {
    store.insert(
      { name: `Семья ${n}`, phone: phoneFor(n), form: 'feedback', consentVersion: 'unstated' },
      n,
    )
  }
  store.close()
}

it('--backup to a full disk fails in one line and leaves no file there', async () => {
  const dbPath = path.join(temp.dir, 'full-backup', 'leads.sqlite')
  databaseWith(dbPath, 50)
  const tmpfs = mountTmpfs(256 * 1024)
  try {
    const dir = path.join(tmpfs.dir, 'backups')
    mkdirSync(dir)
    fillUntil(tmpfs.dir, path.join(tmpfs.dir, 'filler'), 0)
    const { code, stdout, stderr } = await leads(['--backup', dir], { LEADS_DB: dbPath })
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^The backup to .* failed: .*full/),
    ])
    expect(readdirSync(dir)).toEqual([])
  } finally {
    tmpfs.unmount()
  }
})

it('two backups in the same second (or millisecond) get different names', () => {
  const dbPath = path.join(temp.dir, 'same-second', 'leads.sqlite')
  databaseWith(dbPath, 1)
  const dir = path.join(temp.dir, 'same-second', 'backups')
  const now = Date.UTC(2026, 10, 25, 3, 30, 0, 123)
  const first = backupTo(dbPath, dir, { retentionDays: 30, now })
  const second = backupTo(dbPath, dir, { retentionDays: 30, now })
  expect([first.file, second.file].map((file) => path.basename(file))).toEqual([
    'leads-2026-11-25T03-30-00.123Z.sqlite',
    'leads-2026-11-25T03-30-00.123Z-2.sqlite',
  ])
  expect(readdirSync(dir).sort()).toEqual([path.basename(second.file), path.basename(first.file)])
})

it("the deploy's copies are named apart from the nightly backups, only the newest 3 kept, none past the retention period", () => {
  const dbPath = path.join(temp.dir, 'pre-deploy', 'leads.sqlite')
  databaseWith(dbPath, 1)
  const dir = path.join(temp.dir, 'pre-deploy', 'backups')
  const start = Date.UTC(2026, 10, 25, 10, 0, 0, 0)
  const nightly = backupTo(dbPath, dir, { retentionDays: 30, now: start })
  // Ten deploys in 20 minutes.
  const copies = Array.from({ length: 10 }, (_, n) =>
    backupTo(dbPath, dir, { retentionDays: 30, kind: 'pre-deploy', now: start + n * 120_000 }),
  )
  expect(path.basename(copies[0]?.file ?? '')).toBe('pre-deploy-2026-11-25T10-00-00.000Z.sqlite')
  expect(readdirSync(dir).sort()).toEqual(
    [nightly, ...copies.slice(-3)].map(({ file }) => path.basename(file)).sort(),
  )
  // No deploy for a month: the nightly run deletes the deploy's copies past the retention period.
  const day = 86_400
  for (const { file } of copies.slice(-3)) {
    utimesSync(file, start / 1000 - 31 * day, start / 1000 - 31 * day)
  }
  const later = backupTo(dbPath, dir, { retentionDays: 30, now: start + 31 * day * 1000 })
  expect(readdirSync(dir).sort()).toEqual(
    [nightly, later].map(({ file }) => path.basename(file)).sort(),
  )
})

it('--restore of an empty file says so in one line and changes nothing', async () => {
  const dbPath = path.join(temp.dir, 'empty-restore', 'leads.sqlite')
  databaseWith(dbPath, 2)
  const empty = path.join(temp.dir, 'empty.sqlite')
  writeFileSync(empty, '')
  const before = readdirSync(path.dirname(dbPath)).sort()
  const { code, stdout, stderr } = await leads(['--restore', empty], { LEADS_DB: dbPath })
  expect([code, stdout]).toEqual([1, ''])
  expect(stderr).toBe(`${empty} could not be restored: the file is empty, not a backup\n`)
  expect(readdirSync(path.dirname(dbPath)).sort()).toEqual(before)
  const store = openLeadStore(dbPath, { readOnly: true })
  expect(store.count()).toBe(2)
  store.close()
})

it('--backup - while the service runs: the bytes, kept in a file elsewhere, restore every lead', async () => {
  const fake = await startFakeTelegram()
  fakes.push(fake)
  const dbPath = path.join(temp.dir, 'pulled', 'live', 'leads.sqlite')
  const service = await serviceWithTelegram(dbPath, fake)
  for (const n of [1, 2, 3]) expect((await post(service.url, n)).status).toBe(200)
  await eventually(() => expect(fake.messages).toHaveLength(3))

  // As `ssh server '… leads.ts --backup -' > copy.sqlite` on the other machine.
  const copy = path.join(temp.dir, 'pulled', 'elsewhere', 'leads-copy.sqlite')
  mkdirSync(path.dirname(copy), { recursive: true })
  const out = openSync(copy, 'w', 0o600)
  const child = spawn(process.execPath, [SCRIPT, '--backup', '-'], {
    env: { PATH: process.env.PATH ?? '', LEADS_DB: dbPath },
    stdio: ['ignore', out, 'pipe'],
  })
  closeSync(out)
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const [code] = (await once(child, 'exit')) as [number]
  // A success says nothing on stderr: the nightly pull's cron would mail it every night.
  expect([code, stderr]).toEqual([0, ''])
  expect(statSync(copy).size).toBeGreaterThan(0)
  expect(
    readdirSync(path.dirname(dbPath)).filter((name) => !name.startsWith('leads.sqlite')),
  ).toEqual([])

  // The drill: the live file lost, a new service; the copy restored; nothing is sent again.
  const fresh = path.join(temp.dir, 'pulled', 'fresh', 'leads.sqlite')
  const second = await serviceWithTelegram(fresh, fake)
  const restored = await leads(['--restore', copy], { LEADS_DB: fresh, LEADS_RETENTION_DAYS: '30' })
  expect(restored).toMatchObject({ code: 0, stderr: '' })
  expect(restored.stdout).toContain('Leads added: 3;')
  const reader = openLeadStore(fresh, { readOnly: true })
  expect(reader.list({}).map((row) => [row.name, row.status])).toEqual([
    ['Семья 3', 'sent'],
    ['Семья 2', 'sent'],
    ['Семья 1', 'sent'],
  ])
  reader.close()
  expect(await (await fetch(`${second.url}/health`)).json()).toMatchObject({ pending: 0 })
  expect(fake.messages).toHaveLength(3)
})

it("--backup - refuses where the bytes would be spoilt: after npm run's banner", async () => {
  const dbPath = path.join(temp.dir, 'banner', 'leads.sqlite')
  databaseWith(dbPath, 1)
  const { code, stdout, stderr } = await leads(['--backup', '-'], {
    LEADS_DB: dbPath,
    npm_lifecycle_event: 'leads',
  })
  expect([code, stdout]).toEqual([2, ''])
  expect(stderr).toMatch(/^npm wrote its banner into stdout ahead of the copy/)
})
