import { statSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it } from 'vitest'
import { fillUntil, mountTmpfs } from '../../harness/full-disk.ts'
import { tempDir } from '../../test/helpers.ts'
import { TransactionNotStartedError } from './lead-queue.ts'
import { openLeadStore } from './lead-store.ts'
import { SOURCE_COLUMNS, type NewLead } from './rows.ts'
import { SCHEMA_VERSION } from './schema.ts'

const temp = tempDir()
afterAll(() => temp.remove())

const lead: NewLead = {
  name: 'Анна',
  phone: '+7 (912) 345-67-89',
  form: 'feedback',
  consentVersion: '2025-09-01.0a1b2c3d',
}

describe('openLeadStore', () => {
  it('creates the folder and the schema, in WAL mode with synchronous=FULL', () => {
    const file = path.join(temp.dir, 'nested', 'deeper', 'leads.sqlite')
    const store = openLeadStore(file)
    expect(store.settings()).toMatchObject({ journalMode: 'wal', synchronous: 'full' })
    expect(store.count()).toBe(0)
    store.close()
  })

  it('migrates once: reopening keeps the data, a second connection may open at the same time', () => {
    const file = path.join(temp.dir, 'reopen.sqlite')
    const first = openLeadStore(file)
    first.insert(lead, Date.UTC(2025, 0, 15, 10, 0))
    const second = openLeadStore(file)
    expect(second.count()).toBe(1)
    first.close()
    second.close()
    const raw = new DatabaseSync(file)
    expect(raw.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION })
    raw.close()
  })

  it('tracks delivery: strict arrival order, attempts, retries, dead letters, sent', () => {
    const store = openLeadStore(path.join(temp.dir, 'delivery.sqlite'))
    const t = 1_000_000
    const a = store.insert(lead, t)
    const b = store.insert({ ...lead, name: 'Борис' }, t + 1)
    expect(a).toMatchObject({
      id: 1,
      receivedAt: new Date(t).toISOString(),
      status: 'pending',
      attempts: 0,
    })
    store.recordAttempt(a.id)
    store.markRetry(a.id, 'HTTP 500', t + 100)
    // A lead waiting out a retry stays at the head: the ones behind it wait.
    expect(store.head()).toMatchObject({ id: a.id, attempts: 1, nextAttemptAt: t + 100 })
    store.recordAttempt(a.id)
    expect(store.head()).toMatchObject({ attempts: 2, lastError: null })
    store.markFailed(a.id, 'HTTP 400 Bad Request: chat not found')
    expect(store.head()?.id).toBe(b.id)
    expect(store.stats()).toEqual({ pending: 1, failed: 1, oldestPendingAt: t + 1 })
    store.recordAttempt(b.id)
    store.markSent(b.id, 77, t + 6)
    expect(store.head()).toBeUndefined()
    expect(store.resendFailed(t + 10)).toBe(1)
    expect(store.head()).toMatchObject({ id: a.id, status: 'pending', nextAttemptAt: t + 10 })
    store.markRetry(a.id, 'HTTP 502', t + 3_600_000)
    expect(store.makePendingDue(t + 20)).toBe(1)
    expect(store.head()?.nextAttemptAt).toBe(t + 20)
    expect(
      store
        .list({ limit: 10 })
        .map((row) => [row.id, row.status, row.attempts, row.telegramMessageId]),
    ).toEqual([
      [b.id, 'sent', 1, 77],
      [a.id, 'pending', 2, null],
    ])
    store.checkWritable(t)
    store.close()
  })

  it('insertMany commits every lead in one transaction, or none of them', () => {
    const store = openLeadStore(path.join(temp.dir, 'many.sqlite'), { busyTimeoutMs: 50 })
    const rows = store.insertMany([
      { lead, now: 1 },
      { lead: { ...lead, name: 'Борис' }, now: 2 },
    ])
    expect(rows.map((row) => [row.id, row.name, row.receivedAt])).toEqual([
      [1, 'Анна', new Date(1).toISOString()],
      [2, 'Борис', new Date(2).toISOString()],
    ])

    const other = new DatabaseSync(store.path)
    other.exec(`CREATE TRIGGER reject_bad BEFORE INSERT ON leads WHEN NEW.name = 'Плохой'
                BEGIN SELECT RAISE(ABORT, 'bad row'); END`)
    expect(() =>
      store.insertMany([
        { lead: { ...lead, name: 'Вера' }, now: 3 },
        { lead: { ...lead, name: 'Плохой' }, now: 3 },
      ]),
    ).toThrow(/bad row/)
    expect(store.count()).toBe(2) // Вера was rolled back with the bad row

    other.exec('BEGIN IMMEDIATE')
    expect(() => store.insertMany([{ lead, now: 4 }])).toThrow(TransactionNotStartedError)
    other.exec('ROLLBACK')
    other.close()

    // Not left inside a transaction: the next writes commit as usual.
    expect(store.insertMany([{ lead, now: 5 }])[0]?.id).toBe(3)
    store.checkWritable(5)
    store.close()
  })
})

describe('listing', () => {
  it('lists and counts the leads received in a range, its start included and its end not', () => {
    const store = openLeadStore(path.join(temp.dir, 'range.sqlite'))
    for (const [name, at] of [
      ['Анна', 100],
      ['Борис', 200],
      ['Вера', 300],
      ['Глеб', 400],
    ] as const) {
      store.insert({ ...lead, name }, at)
    }
    const names = (options: Parameters<typeof store.list>[0]) =>
      store.list(options).map((row) => row.name)
    expect(names({ from: 200, to: 400 })).toEqual(['Вера', 'Борис'])
    expect(names({ from: 300 })).toEqual(['Глеб', 'Вера'])
    expect(names({ to: 200 })).toEqual(['Анна'])
    expect(names({})).toEqual(['Глеб', 'Вера', 'Борис', 'Анна'])
    expect(names({ from: 200, limit: 1 })).toEqual(['Глеб'])
    expect(store.count({ from: 200, to: 400 })).toBe(2)
    expect(store.count({ to: 100 })).toBe(0)
    expect(store.count()).toBe(4)
    store.close()
  })
})

describe('schema v2', () => {
  it('drops the IP address and User-Agent from an existing database, keeping every lead and number', () => {
    const file = path.join(temp.dir, 'v1.sqlite')
    const v1 = new DatabaseSync(file)
    v1.exec(`CREATE TABLE leads (
       id INTEGER PRIMARY KEY AUTOINCREMENT, received_at TEXT NOT NULL, name TEXT NOT NULL,
       phone TEXT NOT NULL, form TEXT NOT NULL, client_ip TEXT, user_agent TEXT,
       consent_version TEXT NOT NULL,
       status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
       attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL, last_error TEXT,
       sent_at TEXT, telegram_message_id INTEGER) STRICT;
     CREATE INDEX leads_pending ON leads (next_attempt_at, id) WHERE status = 'pending';
     CREATE TABLE health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at TEXT NOT NULL) STRICT;
     INSERT INTO leads (received_at, name, phone, form, client_ip, user_agent, consent_version,
       status, attempts, next_attempt_at)
     VALUES ('2025-01-15T10:00:00.000Z', 'Анна', '+7 (912) 345-67-89', 'feedback', '203.0.113.7',
       'Mozilla', '2025-01', 'sent', 1, 0),
       ('2025-01-15T10:01:00.000Z', 'Борис', '+7 (912) 345-67-80', 'feedback', '203.0.113.8',
       'Mozilla', '2025-01', 'pending', 2, 0),
       ('2025-01-15T10:02:00.000Z', 'Вера', '+7 (912) 345-67-81', 'feedback', '203.0.113.9',
       'Mozilla', '2025-01', 'pending', 0, 0);
     DELETE FROM leads WHERE id = 3;
     PRAGMA user_version = 1;`)
    v1.close()

    const store = openLeadStore(file)
    expect(
      store.list({ limit: 10 }).map((row) => [row.id, row.name, row.status, row.attempts]),
    ).toEqual([
      [2, 'Борис', 'pending', 2],
      [1, 'Анна', 'sent', 1],
    ])
    // Lead 3 was deleted before the migration: its number is not given out again.
    expect(store.insert(lead, 0).id).toBe(4)
    store.close()
    const raw = new DatabaseSync(file, { readOnly: true })
    const columns = raw.prepare('SELECT name FROM pragma_table_info(?)').all('leads')
    expect(columns.map((column) => column.name)).not.toEqual(expect.arrayContaining(['client_ip']))
    expect(columns.map((column) => column.name)).not.toContain('user_agent')
    raw.close()
  })
})

/** Back to schema v12: without v13's offers of a freed seat (0103, "The waitlist"). */
const DROP_V13 = ['DROP TRIGGER lead_deleted_waitlist_offers;', 'DROP TABLE waitlist_offers;'].join(
  '\n',
)

/** Back to schema v11: without v12's seats and waitlist notices (0103, "Seats that follow the desk"). */
const DROP_V12 = [DROP_V13, 'DROP TABLE waitlist_notices;', 'DROP TABLE group_seats;'].join('\n')

/** Back to schema v10: without v12's seats and v11's trials (docs/decisions/0103-a-trial-she-holds.md). */
const DROP_V11 = [
  DROP_V12,
  'DROP TRIGGER lead_deleted_trials;',
  'DROP TABLE trial_reminders;',
  'DROP TABLE trials;',
  'ALTER TABLE leads DROP COLUMN trial_at;',
].join('\n')

/** Back to schema v9: without v11's trials, v10's child's age and quiz promo code (0088). */
const DROP_V10_COLUMNS = [
  DROP_V11,
  'ALTER TABLE leads DROP COLUMN child_age;',
  'ALTER TABLE leads DROP COLUMN promo_code;',
  'ALTER TABLE leads DROP COLUMN promo_given_on;',
].join('\n')

/** Back to schema v7: without v10's columns, v9's renumberings and v8's source columns. */
const DROP_V8_COLUMNS = [
  DROP_V10_COLUMNS,
  'DROP TRIGGER lead_deleted_renumberings;',
  'DROP TABLE lead_renumberings;',
  ...SOURCE_COLUMNS.map((column) => `ALTER TABLE leads DROP COLUMN ${column};`),
].join('\n')

describe('schema v8: where a lead came from', () => {
  it('upgrades a v7 file in place: every lead kept, with no source; new leads keep theirs', () => {
    const file = path.join(temp.dir, 'v7.sqlite')
    openLeadStore(file).close()
    const v7 = new DatabaseSync(file)
    v7.exec(`${DROP_V8_COLUMNS}
      INSERT INTO leads (uid, received_at, name, phone, form, consent_version, next_attempt_at,
        course, page, chosen_group, status, desk_status, desk_status_at, desk_status_by)
      VALUES ('u-1', '2025-01-15T10:00:00.000Z', 'Анна', '+7 (912) 345-67-89', 'feedback',
          '2025-01', 0, 4, '/course/4', 'other', 'sent', 'called', '2025-01-15T11:00:00.000Z', 'Ольга'),
        ('u-2', '2025-01-16T10:00:00.000Z', 'Борис', '+7 (912) 345-67-80', 'feedback',
          '2025-01', 0, NULL, '/', NULL, 'pending', NULL, NULL, NULL);
      PRAGMA user_version = 7;`)
    v7.close()

    const store = openLeadStore(file)
    const source = {
      visit: { utm_source: 'yandex', utm_medium: 'cpc', landing: '/course/4' },
      first: { referrer: 'ya.ru' },
      client_id: '1732000000123456789',
    }
    store.insert({ ...lead, name: 'Вера', source }, Date.parse('2025-01-17T10:00:00.000Z'))
    expect(
      store
        .list({ limit: 10 })
        .map((row) => [row.name, row.course, row.group, row.status, row.desk?.status, row.source]),
    ).toEqual([
      ['Вера', null, null, 'pending', undefined, source],
      ['Борис', null, null, 'pending', undefined, {}],
      ['Анна', 4, 'other', 'sent', 'called', {}],
    ])
    store.close()
    const raw = new DatabaseSync(file, { readOnly: true })
    expect(raw.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION })
    expect(SCHEMA_VERSION).toBe(13)
    raw.close()
  })
})

describe('schema v13: the bot’s offers of a freed seat', () => {
  it('upgrades a v12 file in place: a waiting trial is offered once, and the offer goes with its lead', () => {
    const file = path.join(temp.dir, 'v12.sqlite')
    openLeadStore(file).close()
    const v12 = new DatabaseSync(file)
    v12.exec(`${DROP_V13}
      INSERT INTO leads (uid, received_at, name, phone, form, consent_version, next_attempt_at,
        chosen_group, status)
      VALUES ('u-1', '2025-01-15T10:00:00.000Z', 'Анна', '+7 (912) 345-67-89', 'feedback',
        '2025-01', 0, 'made-up', 'sent');
      INSERT INTO trials (lead_id, token_hash, group_id, at, state, created_at, telegram_chat_id)
      VALUES (1, '${'a'.repeat(64)}', 'made-up', NULL, 'waiting', '2025-01-15T10:00:00.000Z', 555);
      PRAGMA user_version = 12;`)
    v12.close()

    const store = openLeadStore(file)
    expect(store.seatTrials('made-up')).toMatchObject([{ leadId: 1, offer: null }])
    const offer = { leadId: 1, group: 'made-up', chatId: 555, until: 2 }
    expect(store.claimWaitlistOffer(offer, 1)).toBe(true)
    expect(store.claimWaitlistOffer(offer, 1)).toBe(false)
    expect(store.seatTrials('made-up')).toMatchObject([{ offer: { until: 2, answered: false } }])
    store.deleteByPhone('+7 (912) 345-67-89')
    store.close()
    const raw = new DatabaseSync(file, { readOnly: true })
    expect(raw.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION })
    expect(raw.prepare('SELECT count(*) AS n FROM waitlist_offers').get()).toEqual({ n: 0 })
    raw.close()
  })
})

describe('schema v12: the groups’ seats and the waitlist’s notices', () => {
  it('upgrades a v11 file in place: its trials kept, counted from the owner’s numbers', () => {
    const file = path.join(temp.dir, 'v11.sqlite')
    openLeadStore(file).close()
    const v11 = new DatabaseSync(file)
    v11.exec(`${DROP_V12}
      INSERT INTO leads (uid, received_at, name, phone, form, consent_version, next_attempt_at,
        chosen_group, status)
      VALUES ('u-1', '2025-01-15T10:00:00.000Z', 'Анна', '+7 (912) 345-67-89', 'feedback',
        '2025-01', 0, 'made-up', 'sent');
      INSERT INTO trials (lead_id, token_hash, group_id, at, state, created_at)
      VALUES (1, '${'a'.repeat(64)}', 'made-up', NULL, 'waiting', '2025-01-15T10:00:00.000Z');
      PRAGMA user_version = 11;`)
    v11.close()

    const store = openLeadStore(file)
    expect(store.seatTrials('made-up')).toMatchObject([{ leadId: 1, state: 'waiting' }])
    expect(store.seatBaseline('made-up')).toBeUndefined()
    store.setSeatBaseline('made-up', {
      typedSeats: 2,
      typedSize: 8,
      free: 2,
      since: '2025-01-16T10:00:00.000Z',
    })
    store.seeSeats('made-up', 0, true, 1)
    store.seeSeats('made-up', 1, true, 2)
    expect(store.seatBaseline('made-up')).toMatchObject({ free: 2, seenFree: 1 })
    expect(store.nextWaitlistNotice()).toMatchObject({ group: 'made-up', freed: 1 })
    store.close()
    const raw = new DatabaseSync(file, { readOnly: true })
    expect(raw.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION })
    raw.close()
  })
})

describe('schema v10: the child’s age and the quiz’s promo code', () => {
  it('upgrades a v9 file in place: every lead kept, without them; new leads keep theirs', () => {
    const file = path.join(temp.dir, 'v9.sqlite')
    openLeadStore(file).close()
    const v9 = new DatabaseSync(file)
    v9.exec(`${DROP_V10_COLUMNS}
      INSERT INTO leads (uid, received_at, name, phone, form, consent_version, next_attempt_at,
        course, quiz, page, chosen_group, utm_source, status)
      VALUES ('u-1', '2025-01-15T10:00:00.000Z', 'Анна', '+7 (912) 345-67-89',
        'trial_lesson_popup', '2025-01', 0, 4, 4, '/course/4', 'other', 'yandex', 'sent');
      PRAGMA user_version = 9;`)
    v9.close()

    const store = openLeadStore(file)
    store.insert(
      { ...lead, name: 'Вера', childAge: 9, promoCode: 'ТЕСТ-10', promoDate: '2025-01-16' },
      Date.parse('2025-01-17T10:00:00.000Z'),
    )
    // A day without its code is not kept: it says nothing alone.
    store.insert({ ...lead, name: 'Глеб', promoDate: '2025-01-16' }, 1)
    expect(
      store
        .list({ limit: 10 })
        .map((row) => [
          row.name,
          row.group,
          row.source,
          row.childAge,
          row.promoCode,
          row.promoDate,
        ]),
    ).toEqual([
      ['Глеб', null, {}, null, null, null],
      ['Вера', null, {}, 9, 'ТЕСТ-10', '2025-01-16'],
      ['Анна', 'other', { visit: { utm_source: 'yandex' } }, null, null, null],
    ])
    store.close()
    const raw = new DatabaseSync(file, { readOnly: true })
    expect(raw.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION })
    raw.close()
  })
})

describe('schema v6 and v7: the chosen group, the other channels', () => {
  it('upgrades a database the previous version made in place: its leads kept, without a group', () => {
    const file = path.join(temp.dir, 'v5.sqlite')
    // The v5 file: this version's schema without the column v6 adds and the tables v7 adds, and a
    // lead in it.
    openLeadStore(file).close()
    const v5 = new DatabaseSync(file)
    v5.exec(`${DROP_V8_COLUMNS}
      DROP TRIGGER lead_deleted_deliveries;
      DROP TABLE lead_deliveries;
      DROP TABLE delivery_channels;
      ALTER TABLE leads DROP COLUMN chosen_group;
      INSERT INTO leads (uid, received_at, name, phone, form, consent_version, next_attempt_at,
        course, page)
      VALUES ('u-1', '2025-01-15T10:00:00.000Z', 'Анна', '+7 (912) 345-67-89', 'feedback',
        '2025-01', 0, 4, '/course/4');
      PRAGMA user_version = 5;`)
    v5.close()

    const store = openLeadStore(file)
    store.insert({ ...lead, name: 'Борис', group: 'python-saturday' }, 1)
    expect(store.list({ limit: 10 }).map((row) => [row.name, row.course, row.group])).toEqual([
      ['Борис', null, 'python-saturday'],
      ['Анна', 4, null],
    ])
    store.close()
    const raw = new DatabaseSync(file, { readOnly: true })
    expect(raw.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION })
    expect(
      raw
        .prepare(
          "SELECT name FROM sqlite_master WHERE name LIKE '%deliver%' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        .all(),
    ).toEqual([
      { name: 'delivery_channels' },
      { name: 'lead_deleted_deliveries' },
      { name: 'lead_deliveries' },
      { name: 'lead_deliveries_due' },
    ])
    raw.close()
  })
})

describe('deleting leads', () => {
  it('after the retention period if delivered; one never delivered is kept and counted', () => {
    const store = openLeadStore(path.join(temp.dir, 'retention.sqlite'))
    const day = 86_400_000
    const old = store.insert(lead, 10 * day)
    store.markSent(old.id, 1, 10 * day)
    store.insert({ ...lead, name: 'Старый, не доставлен' }, 10 * day + 1)
    store.insert({ ...lead, name: 'Свежий' }, 200 * day)
    expect(store.deleteReceivedBefore(200 * day - 180 * day + 2)).toEqual({
      deleted: 1,
      keptUndelivered: 1,
    })
    expect(store.list({ limit: 10 }).map((row) => row.name)).toEqual([
      'Свежий',
      'Старый, не доставлен',
    ])
    expect(store.head()?.name).toBe('Старый, не доставлен')
    store.close()
  })

  it('by phone, whatever spaces it was written with', () => {
    const store = openLeadStore(path.join(temp.dir, 'by-phone.sqlite'))
    store.insert(lead, 1)
    store.insert({ ...lead, phone: '+7(912)345-67-89' }, 2)
    store.insert({ ...lead, phone: '+7 (912) 345-67-80' }, 3)
    expect(store.deleteByPhone('+7 (912) 345-67-89')).toHaveLength(2)
    expect(store.list({ limit: 10 }).map((row) => row.phone)).toEqual(['+7 (912) 345-67-80'])
    expect(store.deleteByPhone('+7 (912) 345-67-89')).toEqual([])
    store.close()
  })
})

describe('locks and read-only use', () => {
  it('gives up on an outside write lock after a short busy timeout', () => {
    const store = openLeadStore(path.join(temp.dir, 'locked.sqlite'))
    expect(store.settings().busyTimeoutMs).toBeLessThanOrEqual(500)
    const other = new DatabaseSync(store.path)
    other.exec('BEGIN IMMEDIATE')
    expect(() => store.checkWritable(1)).toThrow(/locked/)
    other.exec('ROLLBACK')
    other.close()
    store.checkWritable(2)
    store.close()
  })

  it('opens read-only without touching the file', () => {
    const file = path.join(temp.dir, 'read-only.sqlite')
    const writer = openLeadStore(file)
    writer.insert(lead, 1)
    writer.close()
    const before = statSync(file).mtimeMs
    const reader = openLeadStore(file, { readOnly: true })
    expect(reader.list({ limit: 5 }).map((row) => row.name)).toEqual(['Анна'])
    expect(() => reader.insert(lead, 2)).toThrow(/readonly/)
    reader.close()
    expect(statSync(file).mtimeMs).toBe(before)
  })
})

describe('a full disk', () => {
  it('a lead is either refused or stored: none comes back as stored and then is not (0058)', () => {
    const tmpfs = mountTmpfs(1024 * 1024)
    try {
      const file = path.join(tmpfs.dir, 'leads.sqlite')
      const store = openLeadStore(file)
      fillUntil(tmpfs.dir, path.join(tmpfs.dir, 'filler'), 64 * 1024)
      const acknowledged: number[] = []
      let refused = 0
      // 64 KiB hold a few dozen leads: far fewer than 2,000 attempts.
      for (let n = 0; refused < 20 && n < 2_000; n += 1) {
        try {
          acknowledged.push(store.insert({ ...lead, name: `Лид ${n}` }, 1_000 + n).id)
        } catch (error) {
          expect(String(error)).toMatch(/full/)
          refused += 1
        }
      }
      expect(refused).toBe(20)
      store.close()
      const reader = openLeadStore(file, { readOnly: true })
      expect(
        reader
          .list({})
          .map((row) => row.id)
          .sort((a, b) => a - b),
      ).toEqual(acknowledged)
      reader.close()
    } finally {
      tmpfs.unmount()
    }
  })
})
