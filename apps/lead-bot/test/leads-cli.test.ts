import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../src/config.ts'
import { openLeadStore } from '../src/db.ts'
import { phoneFor, tempDir } from './helpers.ts'

const SCRIPT = path.join(import.meta.dirname, '..', 'scripts', 'leads.ts')
const temp = tempDir()
const dbPath = path.join(temp.dir, 'leads.sqlite')

/** Runs the CLI from the repo root, as `npm run leads` does. */
async function leads(args: string[], env: Record<string, string> = { LEADS_DB: dbPath }) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT, ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

beforeAll(() => {
  const store = openLeadStore(dbPath)
  for (let i = 1; i <= 3; i += 1) {
    store.insert(
      {
        name: i === 2 ? 'Иванов, "Ваня"' : `Ученик ${i}`,
        phone: phoneFor(i),
        form: 'trial_lesson_popup',
        consentVersion: '2025-01',
        clientIp: '127.0.0.1',
        userAgent: 'test',
      },
      Date.UTC(2025, 0, 15, 10, i),
    )
  }
  store.markSent(1, 5, Date.UTC(2025, 0, 15, 10, 5))
  store.close()
})
afterAll(() => temp.remove())

describe('npm run leads', () => {
  it('prints recent leads as a table, newest first', async () => {
    const { code, stdout } = await leads([])
    expect(code).toBe(0)
    const lines = stdout.split('\n')
    expect(lines[0]).toMatch(/^id\s+получена\s+имя\s+телефон\s+форма\s+доставка$/)
    expect(lines[2]).toMatch(
      /^3\s+15\.01\.2025, 14:03\s+Ученик 3\s+\+7 \(900\) 000-00-03\s+trial_lesson_popup\s+ждёт \(0\)$/,
    )
    expect(lines[4]).toMatch(/^1 .* отправлена$/)
    expect(stdout).toContain('Показано 3 из 3; ждут доставки в Telegram: 2.')
  })

  it('honours --limit', async () => {
    const { stdout } = await leads(['--limit', '1'])
    expect(stdout).toContain('Ученик 3')
    expect(stdout).not.toContain('Ученик 1')
    expect(stdout).toContain('Показано 1 из 3')
  })

  it('exports CSV, oldest first, with a BOM and quoting', async () => {
    const { code, stdout } = await leads(['--csv'])
    expect(code).toBe(0)
    expect(stdout.startsWith('\uFEFFid,received_at,name,phone,')).toBe(true)
    const rows = stdout.trimEnd().split('\r\n')
    expect(rows).toHaveLength(4)
    expect(rows[1]).toMatch(
      /^1,2025-01-15T10:01:00.000Z,Ученик 1,'\+7 \(900\) 000-00-01,trial_lesson_popup,2025-01,127\.0\.0\.1,test,sent,1,/,
    )
    expect(rows[2]).toContain(',"Иванов, ""Ваня""",')
  })

  it('exports CSV for Excel with ; and without the BOM on request', async () => {
    const { stdout } = await leads(['--csv', '--delimiter', ';', '--no-bom', '--limit', '1'])
    expect(stdout.split('\r\n')[0]?.startsWith('id;received_at;name')).toBe(true)
    expect(stdout.split('\r\n')).toHaveLength(3)
  })

  it('writes the CSV to --out, relative to where npm was run', async () => {
    const { code, stdout, stderr } = await leads(['--csv', '--out', 'export.csv'], {
      LEADS_DB: dbPath,
      INIT_CWD: temp.dir,
    })
    expect(code).toBe(0)
    expect(stdout).toBe('')
    const file = path.join(temp.dir, 'export.csv')
    expect(stderr).toContain(`Saved ${file}`)
    expect(readFileSync(file, 'utf8').split('\r\n')).toHaveLength(5)
  })

  it('says so when there is no database yet, without creating one', async () => {
    const missing = path.join(temp.dir, 'none', 'leads.sqlite')
    const { code, stdout, stderr } = await leads([], { LEADS_DB: missing })
    expect(code).toBe(0)
    expect(stdout).toBe('')
    expect(stderr).toContain('No leads yet')
  })

  it.each([
    [['--limit', '0']],
    [['--limit', 'x']],
    [['--bogus']],
    [['--csv', '--delimiter', '"']],
    [['--out', 'x.csv']],
  ])('rejects bad arguments %j with exit code 2', async (args) => {
    const { code, stderr } = await leads(args)
    expect(code).toBe(2)
    expect(stderr).toContain('Usage: npm run leads')
  })
})
