import { execFile, execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../src/config.ts'
import { openLeadStore } from '../src/store/lead-store.ts'
import { runCli, runScript, tempDir } from './helpers.ts'
import { run as leadsCli } from '../scripts/leads.ts'
import { courseTitle, phoneFor, TEST_CONSENT, UNKNOWN_COURSE } from '../harness/sample-leads.ts'

const SCRIPT = path.join(import.meta.dirname, '..', 'scripts', 'leads.ts')
const temp = tempDir()
const dbPath = path.join(temp.dir, 'leads.sqlite')

/**
 * Runs the CLI from the repo root, as `npm run leads` does: in-process, or as a process when it
 * must run as another user.
 */
function run(
  args: string[],
  env: Record<string, string>,
  options: { uid?: number; gid?: number; cwd?: string },
) {
  return options.uid === undefined
    ? runCli(leadsCli, args, env, options)
    : runScript(SCRIPT, args, env, options)
}

const leads = (args: string[], env: Record<string, string> = { LEADS_DB: dbPath }) =>
  run(args, env, {})

beforeAll(() => {
  const store = openLeadStore(dbPath)
  for (let i = 1; i <= 3; i += 1) {
    store.insert(
      {
        name: i === 2 ? 'Иванов, "Ваня"' : `Ученик ${i}`,
        phone: phoneFor(i),
        form: 'trial_lesson_popup',
        consentVersion: TEST_CONSENT,
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
    expect(lines[0]).toMatch(
      /^id\s+получена\s+имя\s+телефон\s+форма\s+курс\s+доставка\s+статус\s+последняя ошибка$/,
    )
    expect(lines[2]).toMatch(
      /^3\s+15\.01\.2025, 14:03\s+Ученик 3\s+\+7 \(900\) 000-00-03\s+trial_lesson_popup\s+ждёт \(0\)$/,
    )
    expect(lines[4]).toMatch(/^1 .* отправлена$/)
    expect(stdout).toContain('Shown 3 of 3; waiting for Telegram: 2; failed: 0.')
  })

  it("--digest prints the past week's digest as plain text", async () => {
    const { code, stdout } = await leads(['--digest'])
    expect(code).toBe(0)
    // The fixture's leads are from January 2025: the past week has none.
    expect(stdout).toMatch(/^Заявки за неделю \d\d\.\d\d\.\d{4}–\d\d\.\d\d\.\d{4}\nВсего: 0\n/)
    expect(stdout).toContain('Медиана до первого статуса: —')
    expect(stdout).not.toContain('<b>')
  })

  it('honours --limit', async () => {
    const { stdout } = await leads(['--limit', '1'])
    expect(stdout).toContain('Ученик 3')
    expect(stdout).not.toContain('Ученик 1')
    expect(stdout).toContain('Shown 1 of 3')
  })

  it('exports CSV for a Russian Excel, oldest first: BOM, ";", Russian headers, school time', async () => {
    const { code, stdout } = await leads(['--csv'])
    expect(code).toBe(0)
    expect(stdout.startsWith('\uFEFF№;Получена;Имя;Телефон;Форма;Курс;')).toBe(true)
    const rows = stdout.trimEnd().split('\r\n')
    expect(rows).toHaveLength(4)
    expect(rows[1]).toBe(
      // No course, quiz, group, trial (chosen, as it stands, her place), child's age or promo code;
      // the 20 empty cells after the page: no source (docs/decisions/0078).
      `1;15.01.2025 14:01;Ученик 1;+7 (900) 000-00-01;Окно «Бесплатный пробный урок»;;;;;;;;;;${';'.repeat(20)};;;;` +
        'отправлена;0;15.01.2025 14:05;;2025-09-01.0a1b2c3d',
    )
    expect(rows[2]).toContain(';"Иванов, ""Ваня""";')
  })

  it('exports CSV with another --delimiter and without the BOM on request', async () => {
    const { stdout } = await leads(['--csv', '--delimiter', ',', '--no-bom', '--limit', '1'])
    expect(stdout.split('\r\n')[0]?.startsWith('№,Получена,Имя,')).toBe(true)
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

  it('--out as a user who may not write where it was run: one line naming a folder it may', async () => {
    const dir = path.join(temp.dir, 'export-as-service')
    const checkout = path.join(dir, 'checkout')
    const spare = path.join(dir, 'tmp')
    mkdirSync(checkout, { recursive: true })
    mkdirSync(spare)
    const file = path.join(dir, 'leads.sqlite')
    const store = openLeadStore(file)
    store.insert(
      { name: 'Анна', phone: phoneFor(1), form: 'feedback', consentVersion: TEST_CONSENT },
      0,
    )
    store.close()
    chmodSync(temp.dir, 0o711)
    chmodSync(dir, 0o755)
    chmodSync(file, 0o644)
    chmodSync(checkout, 0o555)
    chmodSync(spare, 0o777)
    const env = { LEADS_DB: file, TMPDIR: spare }
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}
    const refused = await run(['--csv', '--out', 'leads.csv'], env, { ...asNobody, cwd: checkout })
    expect(refused.code).toBe(1)
    expect(refused.stdout).toBe('')
    const suggested = path.join(spare, 'leads.csv')
    expect(refused.stderr).toBe(
      `Cannot write ${path.join(checkout, 'leads.csv')}: this user may not write in ${checkout}. ` +
        `Write it where it may, e.g. --out ${suggested}\n`,
    )
    // The suggestion works, and the export (names, phones) is readable by its owner only.
    const saved = await run(['--csv', '--out', suggested], env, { ...asNobody, cwd: checkout })
    expect(saved.code).toBe(0)
    expect(saved.stderr).toBe(`Saved ${suggested}\n`)
    expect(readFileSync(suggested, 'utf8')).toContain('Анна')
    expect(statSync(suggested).mode & 0o777).toBe(0o600)
    // Someone else's file in a folder it may write.
    const taken = path.join(spare, 'taken.csv')
    writeFileSync(taken, '', { mode: 0o444 })
    const overwrite = await run(['--csv', '--out', taken], env, { ...asNobody, cwd: checkout })
    expect(overwrite.code).toBe(1)
    expect(overwrite.stderr).toBe(
      `Cannot write ${taken}: this user may not overwrite it. Remove it or choose another name\n`,
    )
  })

  it.each([
    [
      'a missing folder',
      'none/leads.csv',
      (dir: string) => `the folder ${dir}/none does not exist`,
    ],
    [
      'a folder',
      '.',
      (dir: string) => `it is a folder. Name a file in it, e.g. --out ${dir}/leads.csv`,
    ],
  ])('--out to %s: one line saying why, exit code 1', async (_case, out, why) => {
    const { code, stderr } = await leads(['--csv', '--out', out], {
      LEADS_DB: dbPath,
      INIT_CWD: temp.dir,
    })
    expect(code).toBe(1)
    expect(stderr).toBe(`Cannot write ${path.resolve(temp.dir, out)}: ${why(temp.dir)}\n`)
  })

  describe('a period of school days', () => {
    const file = path.join(temp.dir, 'period.sqlite')
    beforeAll(() => {
      const store = openLeadStore(file)
      const at = (iso: string) => Date.parse(iso)
      const lead = (name: string, form: string, course: number | null, page: string | null) => ({
        name,
        phone: phoneFor(name.length),
        form,
        consentVersion: TEST_CONSENT,
        course,
        page,
      })
      // In UTC: 31 Dec 2024, mid-January, 31 Jan twice, March. In Astrakhan (UTC+4) the first
      // is 1 January 00:30 and the fourth 1 February 00:30.
      store.insert(lead('Анна', 'feedback', 4, '/course/4'), at('2024-12-31T20:30:00Z'))
      store.insert(lead('Борис', 'trial_lesson_popup', null, '/'), at('2025-01-15T10:00:00Z'))
      store.insert(
        lead('Вера', 'feedback', UNKNOWN_COURSE, `/course/${UNKNOWN_COURSE}`),
        at('2025-01-31T19:30:00Z'),
      )
      store.insert(lead('Глеб', 'trial_lesson_popup', 4, '/course/4'), at('2025-01-31T20:30:00Z'))
      store.insert(lead('Дина', 'feedback', null, null), at('2025-03-10T08:00:00Z'))
      store.close()
    })
    const inPeriod = (args: string[]) => leads(args, { LEADS_DB: file })

    it('--since lists the leads from that school day on, newest first', async () => {
      const { code, stdout } = await inPeriod(['--since', '2025-02-01'])
      expect(code).toBe(0)
      const names = stdout
        .split('\n')
        .slice(2, 4)
        .map((line) => line.split(/\s{2,}/)[2])
      expect(names).toEqual(['Дина', 'Глеб'])
      expect(stdout).toContain('Shown 2 of 2 since 01.02.2025;')
    })

    it('--until includes that whole school day, for the CSV too', async () => {
      const { code, stdout } = await inPeriod(['--csv', '--until', '2025-01-31'])
      expect(code).toBe(0)
      const rows = stdout.trimEnd().split('\r\n').slice(1)
      expect(rows.map((row) => row.split(';').slice(1, 3))).toEqual([
        ['01.01.2025 00:30', 'Анна'],
        ['15.01.2025 14:00', 'Борис'],
        ['31.01.2025 23:30', 'Вера'],
      ])
    })

    it('--since and --until the same day: that day of the school, not of UTC', async () => {
      const { stdout } = await inPeriod(['--since', '2025-01-01', '--until', '2025-01-01'])
      expect(stdout).toContain('Анна')
      expect(stdout).toContain('Shown 1 of 1 from 01.01.2025 to 01.01.2025;')
    })

    it('--report counts the leads per school month by page, course and form', async () => {
      const { code, stdout } = await inPeriod(['--report'])
      expect(code).toBe(0)
      const lines = stdout.split('\n')
      expect(lines.slice(0, 2)).toEqual(['Leads per month (school time):', ''])
      expect(lines.slice(2).map((line) => line.trim().split(/\s{2,}/))).toEqual([
        ['янв 2025', 'фев 2025', 'мар 2025', 'Итого'],
        ['Всего', '3', '1', '1', '5'],
        [''],
        ['Страница', 'янв 2025', 'фев 2025', 'мар 2025', 'Итого'],
        ['/course/4', '1', '1', '0', '2'],
        ['/', '1', '0', '0', '1'],
        [`/course/${UNKNOWN_COURSE}`, '1', '0', '0', '1'],
        ['без страницы', '0', '0', '1', '1'],
        [''],
        ['Курс', 'янв 2025', 'фев 2025', 'мар 2025', 'Итого'],
        [courseTitle(4), '1', '1', '0', '2'],
        [`курс №${UNKNOWN_COURSE}`, '1', '0', '0', '1'],
        ['без курса', '1', '0', '1', '2'],
        [''],
        ['Форма', 'янв 2025', 'фев 2025', 'мар 2025', 'Итого'],
        ['Форма обратной связи', '2', '0', '1', '3'],
        ['Окно «Бесплатный пробный урок»', '1', '1', '0', '2'],
        [''],
      ])
    })

    it('--report --csv honours --since: one CSV table', async () => {
      const { code, stdout } = await inPeriod(['--report', '--csv', '--since', '2025-02-01'])
      expect(code).toBe(0)
      expect(stdout.split('\r\n')).toEqual([
        '\uFEFFРаздел;Значение;фев 2025;мар 2025;Итого',
        'Всего;;1;1;2',
        'Страница;/course/4;1;0;1',
        'Страница;без страницы;0;1;1',
        `Курс;${courseTitle(4)};1;0;1`,
        'Курс;без курса;0;1;1',
        'Форма;Окно «Бесплатный пробный урок»;1;0;1',
        'Форма;Форма обратной связи;0;1;1',
        '',
      ])
    })

    it('--report over a period without leads says so', async () => {
      const { code, stdout } = await inPeriod(['--report', '--until', '2024-12-31'])
      expect(code).toBe(0)
      expect(stdout).toBe('No leads until 31.12.2024.\n')
    })

    it.each([
      [['--since', '2025-02-30'], '--since must be a real date, YYYY-MM-DD'],
      [['--until', '31.01.2025'], '--until must be a real date, YYYY-MM-DD'],
      [['--since', '2025-02-01', '--until', '2025-01-31'], '--since is after --until'],
      [['--since', '2025-02-01', '--digest'], '--digest covers the past week'],
      [['--since', '2025-02-01', '--resend-failed'], 'they do not go with a change'],
      [['--report', '--limit', '5'], '--report counts every lead; it takes no --limit'],
      [['--report', '--digest'], 'one of --report, --digest'],
      [['--report', '--delete', '+7 (912) 345-67-89'], 'they do not go with a change'],
    ])('%j is a usage error, exit code 2', async (args, message) => {
      const { code, stdout, stderr } = await inPeriod(args)
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toContain(message)
      expect(stderr).toContain('Usage: npm run leads')
    })
  })

  describe('through npm', () => {
    const npm = async (args: string[]) => {
      try {
        const { stdout } = await promisify(execFile)('npm', args, {
          cwd: REPO_ROOT,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LEADS_DB: dbPath },
        })
        return { code: 0, stdout, stderr: '' }
      } catch (error) {
        return error as { code: number; stdout: string; stderr: string }
      }
    }

    it('npm run leads -- --csv --out FILE writes a file that begins with the BOM', async () => {
      const file = path.join(temp.dir, 'through-npm.csv')
      const { code, stdout } = await npm(['run', 'leads', '--', '--csv', '--out', file])
      expect(code).toBe(0)
      expect(stdout).toContain('> node apps/lead-bot/scripts/leads.ts --csv --out') // the banner
      expect(readFileSync(file, 'utf8').startsWith('\uFEFF')).toBe(true)
    })

    it('npm run -s leads -- --csv > FILE: the output begins with the BOM', async () => {
      const { code, stdout } = await npm(['run', '-s', 'leads', '--', '--csv'])
      expect(code).toBe(0)
      expect(stdout.startsWith('\uFEFF')).toBe(true)
    })

    it("npm run leads -- --csv > FILE (npm's banner first) is refused in one line, exit code 2", async () => {
      const { code, stdout, stderr } = await npm(['run', 'leads', '--', '--csv'])
      expect(code).toBe(2)
      expect(stdout).not.toContain('\uFEFF')
      expect(stderr).toContain(
        'npm wrote its banner into this output ahead of the CSV: use --out leads.csv, ' +
          'or npm run -s leads -- --csv > leads.csv\n',
      )
    })
  })

  describe('when the reader stops early', () => {
    const file = path.join(temp.dir, 'many.sqlite')
    beforeAll(() => {
      const store = openLeadStore(file)
      const lead = { name: 'Ученик', form: 'feedback', consentVersion: TEST_CONSENT }
      // Far more than a pipe's buffer (64 KiB), so the writer meets the closed pipe.
      store.insertMany(
        Array.from({ length: 3000 }, (_, i) => ({ lead: { ...lead, phone: phoneFor(i) }, now: i })),
      )
      store.close()
    })

    it.each([[['--csv']], [['--limit', '5000']]])(
      '%j | head -1 ends quietly with exit code 0',
      async (args) => {
        // pipefail: the pipeline fails (and execFile throws) unless the CLI itself exits 0.
        const command = `set -o pipefail; "${process.execPath}" "${SCRIPT}" ${args.join(' ')} | head -1`
        const { stdout, stderr } = await promisify(execFile)('bash', ['--norc', '-c', command], {
          env: { PATH: process.env.PATH ?? '', LEADS_DB: file },
        })
        expect(stdout.split('\n')).toHaveLength(2)
        expect(stderr).toBe('')
      },
    )
  })

  it('says so when there is no database yet, without creating one', async () => {
    const missing = path.join(temp.dir, 'none', 'leads.sqlite')
    const { code, stdout, stderr } = await leads([], { LEADS_DB: missing })
    expect(code).toBe(0)
    expect(stdout).toBe('')
    expect(stderr).toContain('No leads yet')
  })

  it('lists for a user who may only read the database, and changes nothing', async () => {
    const dir = path.join(temp.dir, 'read-only')
    mkdirSync(dir)
    const file = path.join(dir, 'leads.sqlite')
    const store = openLeadStore(file)
    store.insert(
      { name: 'Анна', phone: phoneFor(1), form: 'feedback', consentVersion: TEST_CONSENT },
      0,
    )
    store.close()
    chmodSync(temp.dir, 0o711)
    chmodSync(file, 0o444)
    chmodSync(dir, 0o555)
    const before = readdirSync(dir)
    // Run as an unprivileged user (the tests may run as root, who may write anything).
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}
    const { code, stdout, stderr } = await run([], { LEADS_DB: file }, asNobody)
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toContain('Анна')
    expect(readdirSync(dir)).toEqual(before)
    chmodSync(dir, 0o755)
  })

  it('--resend-failed puts dead letters back in the queue', async () => {
    const file = path.join(temp.dir, 'resend.sqlite')
    const store = openLeadStore(file)
    const lead = store.insert(
      { name: 'Анна', phone: phoneFor(1), form: 'feedback', consentVersion: TEST_CONSENT },
      0,
    )
    store.markFailed(lead.id, 'HTTP 400 Bad Request: chat not found')
    store.close()
    const listed = await leads([], { LEADS_DB: file })
    expect(listed.stdout).toMatch(/ошибка \(0\)\s+HTTP 400 Bad Request: chat not found/)
    expect(listed.stdout).toContain('failed: 1.')
    expect(listed.stdout).toContain('npm run leads -- --resend-failed')
    const { code, stdout } = await leads(['--resend-failed'], { LEADS_DB: file })
    expect(code).toBe(0)
    expect(stdout).toBe('Queued for delivery again: 1\n')
    const after = openLeadStore(file, { readOnly: true })
    expect(after.head()).toMatchObject({ id: lead.id, status: 'pending' })
    after.close()
  })

  it("--resend-failed --channel NAME puts back that channel's dead letters only", async () => {
    const file = path.join(temp.dir, 'resend-channel.sqlite')
    const store = openLeadStore(file)
    store.setChannels(['email', 'webhook'], 0)
    const lead = store.insert(
      { name: 'Анна', phone: phoneFor(1), form: 'feedback', consentVersion: TEST_CONSENT },
      0,
    )
    store.markFailed(lead.id, 'HTTP 400 Bad Request: chat not found')
    store.markDeliveryFailed(lead.id, 'email', '550 Mailbox unavailable')
    store.markDeliveryFailed(lead.id, 'webhook', 'HTTP 410')
    store.close()
    const listed = await leads([], { LEADS_DB: file })
    expect(listed.stdout).toContain('Channel email: waiting 0; failed: 1\n')
    expect(listed.stdout).toContain('Channel webhook: waiting 0; failed: 1\n')
    const email = await leads(['--resend-failed', '--channel', 'email'], { LEADS_DB: file })
    expect(email).toMatchObject({ code: 0, stdout: 'Queued for delivery again: 1\n' })
    const check = openLeadStore(file, { readOnly: true })
    expect(check.channelStats(['email', 'webhook'])).toMatchObject({
      email: { pending: 1, failed: 0 },
      webhook: { pending: 0, failed: 1 },
    })
    expect(check.stats()).toMatchObject({ failed: 1 })
    check.close()
    // Without --channel: every channel's, Telegram's included.
    const all = await leads(['--resend-failed'], { LEADS_DB: file })
    expect(all.stdout).toBe('Queued for delivery again: 2\n')
    const bad = await leads(['--resend-failed', '--channel', 'fax'], { LEADS_DB: file })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain(
      '--channel takes one of: telegram, email, webhook, alfacrm, bitrix24',
    )
  })

  it('--delete removes every lead with the phone, pending ones too, and prints the count', async () => {
    const file = path.join(temp.dir, 'delete.sqlite')
    const store = openLeadStore(file)
    const base = { name: 'Анна', form: 'feedback', consentVersion: TEST_CONSENT }
    const sent = store.insert({ ...base, phone: '+7 (912) 345-67-89' }, 0)
    store.markSent(sent.id, 1, 0)
    store.insert({ ...base, phone: '+7(912)345-67-89' }, 1) // still pending in the outbox
    store.insert({ ...base, phone: '+7 (912) 345-67-80' }, 2)
    store.close()
    const { code, stdout } = await leads(['--delete', '+7 (912) 345-67-89'], { LEADS_DB: file })
    expect(code).toBe(0)
    expect(stdout).toBe('Leads with this phone deleted: 2\n')
    expect(stdout).not.toContain('912')
    const after = openLeadStore(file, { readOnly: true })
    expect(after.list({ limit: 10 }).map((row) => row.phone)).toEqual(['+7 (912) 345-67-80'])
    after.close()
    // The deleted phone is not left readable in the file's free pages either.
    expect(readFileSync(file).includes(Buffer.from('345-67-89'))).toBe(false)
  })

  it('--delete removes her trial with the lead: her page opens nothing, no reminder is left', async () => {
    const file = path.join(temp.dir, 'delete-trial.sqlite')
    const store = openLeadStore(file)
    const hash = 'd'.repeat(64)
    store.insert(
      {
        name: 'Анна',
        phone: '+7 (912) 345-67-89',
        form: 'feedback',
        consentVersion: TEST_CONSENT,
        group: 'made-up-saturday',
        trial: { tokenHash: hash, group: 'made-up-saturday', at: null, state: 'booked' },
      },
      0,
    )
    expect(store.trialByTokenHash(hash)).toBeDefined()
    store.close()
    expect((await leads(['--delete', '+7 (912) 345-67-89'], { LEADS_DB: file })).code).toBe(0)
    const after = openLeadStore(file, { readOnly: true })
    expect(after.trialByTokenHash(hash)).toBeUndefined()
    after.close()
    expect(readFileSync(file).includes(Buffer.from(hash))).toBe(false)
  })

  it.each([
    [['--delete', '+7 (912) 345']],
    [['--delete', 'Анна']],
    [['--delete', '+7 (912) 345-67-89', '--resend-failed']],
    [['--resend-failed', '--csv']],
    [['--channel', 'email']],
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

describe('npm run leads -- --env-file, as on the server', () => {
  it("reads LEADS_DB from the service's env file, not the checkout's data/leads.sqlite", async () => {
    const envFile = path.join(temp.dir, 'it-lab.env')
    writeFileSync(envFile, `TELEGRAM_NOTIFY=full\nLEADS_DB=${dbPath}\n`, { mode: 0o600 })
    const { code, stdout } = await leads(['--env-file', envFile], {})
    expect(code).toBe(0)
    expect(stdout).toContain(
      `Shown 3 of 3; waiting for Telegram: 2; failed: 0. Database: ${dbPath}\n`,
    )
    // Without LEADS_DB in it, the units' path: the server's database, wherever it is run from.
    writeFileSync(envFile, 'TELEGRAM_NOTIFY=full\n', { mode: 0o600 })
    const none = await leads(['--env-file', envFile], {})
    expect(none.stderr).toBe('No leads yet: /var/lib/it-lab/leads.sqlite does not exist.\n')
    // A missing file stops it, naming the file (node itself checks an --env-file argument).
    const missing = path.join(temp.dir, 'missing.env')
    const stopped = await leads(['--env-file', missing], {})
    expect(stopped.code).not.toBe(0)
    expect(stopped.stderr).toContain(missing)
  })

  it("run by root, it works as the database's owner: the files it creates stay the service's", async () => {
    if (process.getuid?.() !== 0)
      throw new Error('this test changes owners: run it as root (CI does)')
    const folder = tempDir('lead-bot-server-')
    try {
      chmodSync(folder.dir, 0o711)
      const state = path.join(folder.dir, 'it-lab')
      mkdirSync(state, { mode: 0o700 })
      const file = path.join(state, 'leads.sqlite')
      const store = openLeadStore(file)
      const { id } = store.insert(
        { name: 'Анна', phone: phoneFor(1), form: 'feedback', consentVersion: TEST_CONSENT },
        Date.now(),
      )
      store.markFailed(id, 'HTTP 403 Forbidden: bot was kicked from the group chat')
      store.close()
      execFileSync('chown', ['-R', '65534:65534', state])
      // Root's only, as /etc/it-lab/it-lab.env.
      const envFile = path.join(folder.dir, 'it-lab.env')
      writeFileSync(envFile, `LEADS_DB=${file}\n`, { mode: 0o600 })
      // The CLI becomes the database's owner (setuid): a process of its own, not this one.
      const asProcess = (args: string[]) => runScript(SCRIPT, args, {})
      const listed = await asProcess(['--env-file', envFile])
      expect(listed.stdout).toContain(
        'Fix the setting, then run: npm run leads -- --env-file ' + `${envFile} --resend-failed\n`,
      )
      expect(await asProcess(['--env-file', envFile, '--resend-failed'])).toMatchObject({
        code: 0,
        stdout: 'Queued for delivery again: 1\n',
      })
      for (const name of readdirSync(state)) {
        expect([name, statSync(path.join(state, name)).uid]).toEqual([name, 65534])
      }
    } finally {
      folder.remove()
    }
  })
})
