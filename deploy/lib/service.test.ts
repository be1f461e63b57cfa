import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { trialStart } from './service.ts'

/**
 * A release whose "lead service" answers /health with what it was started with: the rows of the
 * database it was given, and whether Telegram was on. It exits on SIGTERM, as the service does.
 */
const ANSWERING = `import { createServer } from 'node:http'
import { DatabaseSync } from 'node:sqlite'
const rows = (() => {
  try {
    return new DatabaseSync(process.env.LEADS_DB).prepare('SELECT COUNT(*) AS n FROM leads').get().n
  } catch {
    return 0
  }
})()
if (process.env.LEADS_DB === process.env.LIVE_DB) throw new Error('the trial was given the live database')
if (process.env.TELEGRAM_BOT_TOKEN) throw new Error('the trial was given the bot')
if (process.env.LISTEN_FDS) throw new Error("the trial was given the live service's socket")
const server = createServer((request, response) => {
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify({ status: rows === 2 || process.env.EMPTY_OK ? 'ok' : 'error' }))
})
server.listen(Number(process.env.LEAD_PORT), process.env.LEAD_HOST)
process.once('SIGTERM', () => server.close())
`

/** The live release's CLI: `--backup DIR` writes a consistent copy of LEADS_DB there. */
const BACKUP_CLI = `import { backup, DatabaseSync } from 'node:sqlite'
const dir = process.argv[process.argv.indexOf('--backup') + 1]
const db = new DatabaseSync(process.env.LEADS_DB, { readOnly: true })
await backup(db, dir + '/leads-2026-11-25T00-00-00Z.sqlite')
db.close()
`

describe('the trial start of a release', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  function layout(main: string) {
    const dir = mkdtempSync(path.join(tmpdir(), 'trial-'))
    dirs.push(dir)
    const appDir = path.join(dir, 'app')
    mkdirSync(path.join(appDir, 'apps', 'lead-bot', 'src'), { recursive: true })
    writeFileSync(path.join(appDir, 'apps', 'lead-bot', 'src', 'main.ts'), main)
    const liveApp = path.join(dir, 'live')
    mkdirSync(path.join(liveApp, 'apps', 'lead-bot', 'scripts'), { recursive: true })
    writeFileSync(path.join(liveApp, 'apps', 'lead-bot', 'scripts', 'leads.ts'), BACKUP_CLI)
    const leadsDb = path.join(dir, 'data', 'leads.sqlite')
    const backupDir = path.join(dir, 'backups')
    mkdirSync(path.dirname(leadsDb))
    return { dir, appDir, leadsDb, backupDir, copyWith: liveApp }
  }

  const env = (leadsDb: string, extra: Record<string, string> = {}) => ({
    PATH: process.env.PATH,
    TELEGRAM_BOT_TOKEN: '123:secret',
    TELEGRAM_CHAT_ID: '1001',
    LIVE_DB: leadsDb,
    LISTEN_FDS: '1',
    ...extra,
  })

  it('runs the release on a copy of the live database, Telegram off, and passes when it answers', async () => {
    const { appDir, leadsDb, backupDir, copyWith } = layout(ANSWERING)
    const live = new DatabaseSync(leadsDb)
    live.exec(
      "PRAGMA journal_mode=WAL; CREATE TABLE leads (name TEXT); INSERT INTO leads VALUES ('a'), ('b')",
    )
    // Still open, as under the running service: the copy is read through SQLite.
    try {
      expect(
        await trialStart(appDir, { leadsDb, backupDir, copyWith, env: env(leadsDb) }),
      ).toBeUndefined()
    } finally {
      live.close()
    }
    // The copy is gone with its folder; the live database is as it was.
    expect(readdirSync(backupDir)).toEqual([])
    expect(readdirSync(path.dirname(leadsDb)).sort()).toEqual(['leads.sqlite'])
    const after = new DatabaseSync(leadsDb, { readOnly: true })
    expect(after.prepare('SELECT COUNT(*) AS n FROM leads').get()).toEqual({ n: 2 })
    after.close()
  })

  it('starts on an empty database before the first lead', async () => {
    const { appDir, leadsDb, backupDir } = layout(ANSWERING)
    const envWithout = env(leadsDb, { EMPTY_OK: '1' })
    expect(
      await trialStart(appDir, { leadsDb, backupDir, copyWith: undefined, env: envWithout }),
    ).toBeUndefined()
  })

  it('refuses a release whose service crashes at start, with its error line, at once', async () => {
    const { appDir, leadsDb, backupDir, copyWith } = layout(
      "throw new Error('this release crashes at start')\n",
    )
    const started = Date.now()
    const reason = await trialStart(appDir, { leadsDb, backupDir, copyWith, env: env(leadsDb) })
    expect(reason).toBe(
      'its lead service exited at start (1): Error: this release crashes at start',
    )
    // Not the whole 30 s wait: the exit ends it.
    expect(Date.now() - started).toBeLessThan(25_000)
  })

  it('refuses a release that answers /health with an error', async () => {
    const { appDir, leadsDb, backupDir, copyWith } = layout(ANSWERING)
    const live = new DatabaseSync(leadsDb)
    live.exec("CREATE TABLE leads (name TEXT); INSERT INTO leads VALUES ('only one')")
    live.close()
    const reason = await trialStart(
      appDir,
      { leadsDb, backupDir, copyWith, env: env(leadsDb) },
      3_000,
    )
    expect(reason).toBe('its lead service did not answer /health within 3 s')
  })
})
