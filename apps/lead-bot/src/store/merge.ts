// Merges another copy of the lead database (a rescue copy, a backup) into the live one
// (docs/decisions/0043-fence-a-replaced-database-file.md). A lead is the same lead in every copy
// by its uid. Deletions win: the ledgers are joined first, and no lead in either is kept. A lead
// the live file lacks is added as it was (a delivered one stays delivered, so it is never sent
// again); a lead both have keeps the further state of the two: delivered if either says so, and
// every status press of both, the latest shown. A lead added keeps its number: the chat, the
// owner's notes and the CLI know it by it. A live lead that holds that number (the file was lost,
// and new leads came into an empty one) takes the next free number after both copies', and the
// chat is told (docs/decisions/0082-a-restore-keeps-lead-numbers.md). Her trial and its reminders
// go with their lead, under its number (docs/decisions/0103-a-trial-she-holds.md); the bot's
// offers of a seat are not copied (they last a day: a copy's are over, or its trial waits again).
import type { SQLOutputValue } from 'node:sqlite'
import type { Connection } from './connection.ts'
import { SOURCE_COLUMNS, iso, num, str, strOrNull } from './rows.ts'
import { SCHEMA_VERSION } from './schema.ts'
import { TRIAL_CHANGES } from './trial-store.ts'

export interface MergeCounts {
  /** Leads the live file lacked, now stored. */
  added: number
  /** Leads both had whose delivery or statuses the copy moved on. */
  updated: number
  /** Live leads removed because the copy's ledger says they were deleted. */
  deleted: number
  /** Leads of the copy that were deleted (in either ledger): not stored again. */
  skippedDeleted: number
  /** Delivered leads of the copy past the retention period: not stored again. */
  skippedExpired: number
  /** Live leads moved to a new number to give an added lead back its own, oldest first. */
  renumbered: { from: number; to: number }[]
}

const LEAD_COLUMNS = `uid, received_at, name, phone, form, consent_version, status, attempts,
  next_attempt_at, last_error, sent_at, telegram_message_id, course, quiz, page, desk_status,
  desk_status_at, desk_status_by, reminded_at, meta_warning, in_flight, may_repeat, chosen_group,
  child_age, promo_code, promo_given_on, trial_at, ${SOURCE_COLUMNS.join(', ')}`

const TRIAL_COLUMNS = `token_hash, group_id, at, state, created_at, changed_at, telegram_chat_id`

type Row = Record<string, SQLOutputValue>

/**
 * Merges the database file `source` (the same schema version) into the connection's file in one
 * transaction. Leads received before `expiredBefore` (epoch ms) that were delivered are past
 * retention and are not stored again.
 */
export function mergeFile(
  target: Connection,
  source: string,
  { expiredBefore }: { expiredBefore: number },
): MergeCounts {
  const { db } = target
  db.prepare('ATTACH DATABASE ? AS copy').run(source)
  try {
    const version = num(db.prepare('PRAGMA copy.user_version').get()?.user_version)
    if (version !== SCHEMA_VERSION) {
      throw new Error(`the copy has schema version ${version}, not ${SCHEMA_VERSION}`)
    }
    db.exec('BEGIN IMMEDIATE')
    try {
      const counts = mergeAttached(target, iso(expiredBefore))
      db.exec('COMMIT')
      return counts
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK')
      throw error
    }
  } finally {
    db.exec('DETACH DATABASE copy')
  }
}

function mergeAttached(target: Connection, expiredBefore: string): MergeCounts {
  const { sql } = target
  const counts: MergeCounts = {
    added: 0,
    updated: 0,
    deleted: 0,
    skippedDeleted: 0,
    skippedExpired: 0,
    renumbered: [],
  }
  sql(
    'INSERT OR IGNORE INTO main.deleted_leads (uid, deleted_at) SELECT uid, deleted_at FROM copy.deleted_leads',
  ).run()
  counts.deleted = num(
    sql('DELETE FROM main.leads WHERE uid IN (SELECT uid FROM main.deleted_leads)').run().changes,
  )

  const toAdd: Row[] = []
  for (const lead of sql('SELECT * FROM copy.leads ORDER BY id').all()) {
    const uid = str(lead.uid)
    if (sql('SELECT 1 FROM main.deleted_leads WHERE uid = ?').get(uid)) {
      counts.skippedDeleted += 1
      continue
    }
    const live = sql('SELECT * FROM main.leads WHERE uid = ?').get(uid)
    if (live) {
      if (moveOn(target, live, lead)) counts.updated += 1
      continue
    }
    if (str(lead.status) === 'sent' && str(lead.received_at) < expiredBefore) {
      counts.skippedExpired += 1
      continue
    }
    toAdd.push(lead)
  }
  const room = makeRoom(
    target,
    toAdd.map((lead) => num(lead.id)),
  )
  counts.renumbered = room.moved
  for (const lead of toAdd) add(target, lead)
  counts.added = toAdd.length
  // No number either file gave is given again, a deleted lead's included: the chat may show it.
  sql(`DELETE FROM main.sqlite_sequence WHERE name = 'leads'`).run()
  sql(`INSERT INTO main.sqlite_sequence (name, seq) VALUES ('leads', ?)`).run(room.last)

  // The channels the copy knew: kept as the live file has them, added (off) if it had not.
  sql(
    `INSERT OR IGNORE INTO main.delivery_channels (name, on_since, active)
     SELECT name, on_since, 0 FROM copy.delivery_channels`,
  ).run()

  // Bot state: the further of the two (presses confirmed, the last digest's week).
  sql(
    `INSERT INTO main.bot_state (key, value) SELECT key, value FROM copy.bot_state WHERE true
     ON CONFLICT (key) DO UPDATE SET value = CASE
       WHEN key = 'updates_offset'
         THEN CAST(MAX(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER)) AS TEXT)
       WHEN value = 'none' THEN excluded.value
       WHEN excluded.value = 'none' THEN value
       ELSE MAX(value, excluded.value) END`,
  ).run()
  sql(
    'INSERT OR IGNORE INTO main.applied_updates (update_id, applied_at) SELECT update_id, applied_at FROM copy.applied_updates',
  ).run()
  // A deletion in the copy whose message is still to be cleared: the live file clears it.
  sql(
    'INSERT OR IGNORE INTO main.redactions (message_id, lead_id) SELECT message_id, lead_id FROM copy.redactions',
  ).run()
  return counts
}

/**
 * Moves the live leads that hold one of `ids` (the copy's leads being added) to new numbers after
 * every number either file has given, with their history, deliveries and earlier moves, and
 * returns them with the last number given. A lead
 * the chat may have seen under its old number gets a renumbering: the outbox edits its message
 * and tells the chat, and a press on its old buttons still finds it (desk-store.ts).
 */
function makeRoom(
  target: Connection,
  ids: number[],
): { moved: MergeCounts['renumbered']; last: number } {
  const { sql } = target
  const moved: MergeCounts['renumbered'] = []
  const top = sql(
    `SELECT MAX(
       (SELECT COALESCE(MAX(id), 0) FROM main.leads),
       (SELECT COALESCE(MAX(id), 0) FROM copy.leads),
       (SELECT COALESCE(MAX(seq), 0) FROM main.sqlite_sequence WHERE name = 'leads'),
       (SELECT COALESCE(MAX(seq), 0) FROM copy.sqlite_sequence WHERE name = 'leads')) AS top`,
  ).get()
  let next = num(top?.top)
  for (const from of ids) {
    const live = sql(
      `SELECT status = 'sent' OR in_flight = 1 OR may_repeat = 1 AS seen FROM main.leads
       WHERE id = ?`,
    ).get(from)
    if (!live) continue
    next += 1
    const to = next
    sql('UPDATE main.leads SET id = ? WHERE id = ?').run(to, from)
    for (const table of [
      'lead_status_history',
      'lead_deliveries',
      'lead_renumberings',
      'trials',
      'trial_reminders',
      'waitlist_offers',
    ]) {
      sql(`UPDATE main.${table} SET lead_id = ? WHERE lead_id = ?`).run(to, from)
    }
    if (num(live.seen) === 1) {
      sql('INSERT INTO main.lead_renumberings (lead_id, old_id, at) VALUES (?, ?, ?)').run(
        to,
        from,
        iso(Date.now()),
      )
    }
    moved.push({ from, to })
  }
  return { moved, last: next }
}

/** Copies a lead the live file lacks, with its number (made free by makeRoom) and its history. */
function add(target: Connection, lead: Row): void {
  const { sql } = target
  const id = num(lead.id)
  sql(
    `INSERT INTO main.leads (id, ${LEAD_COLUMNS}) SELECT id, ${LEAD_COLUMNS} FROM copy.leads
     WHERE id = ?`,
  ).run(id)
  // The copy's own renumberings of it: its old buttons keep working here too.
  sql(
    `INSERT OR IGNORE INTO main.lead_renumberings (lead_id, old_id, at, edited, told)
     SELECT lead_id, old_id, at, edited, told FROM copy.lead_renumberings WHERE lead_id = ?`,
  ).run(id)
  // Its state on the other channels comes with it: one delivered there is not sent again (0077).
  sql(
    `INSERT INTO main.lead_deliveries (lead_id, channel, status, attempts, next_attempt_at,
       last_error, sent_at, ref)
     SELECT ?, channel, status, attempts, next_attempt_at, last_error, sent_at, ref
     FROM copy.lead_deliveries WHERE lead_id = ?`,
  ).run(id, lead.id ?? null)
  sql(
    `INSERT OR IGNORE INTO main.trials (lead_id, ${TRIAL_COLUMNS})
     SELECT lead_id, ${TRIAL_COLUMNS} FROM copy.trials WHERE lead_id = ?`,
  ).run(id)
  sql(
    `INSERT OR IGNORE INTO main.trial_reminders (lead_id, at, kind, due_at, sent_at)
     SELECT lead_id, at, kind, due_at, sent_at FROM copy.trial_reminders WHERE lead_id = ?`,
  ).run(id)
  let statusId: number | null = null
  let shownId: number | null = null
  for (const change of sql(
    'SELECT id, status, at, by FROM copy.lead_status_history WHERE lead_id = ? ORDER BY id',
  ).iterate(lead.id ?? null)) {
    const copied = sql(
      'INSERT INTO main.lead_status_history (lead_id, status, at, by) VALUES (?, ?, ?, ?)',
    ).run(id, change.status ?? null, change.at ?? null, change.by ?? null)
    const newId = num(copied.lastInsertRowid)
    if (change.id === lead.desk_status_id) statusId = newId
    if (change.id === lead.desk_shown_id) shownId = newId
  }
  sql('UPDATE main.leads SET desk_status_id = ?, desk_shown_id = ? WHERE id = ?').run(
    statusId,
    shownId,
    id,
  )
}

/** A lead both copies have: takes what the copy has further. Returns whether anything changed. */
function moveOn(target: Connection, live: Row, lead: Row): boolean {
  const { sql } = target
  const id = num(live.id)
  // A channel the copy delivered to (or queued) that the live file had not: delivered wins.
  let changed =
    num(
      sql(
        `INSERT INTO main.lead_deliveries (lead_id, channel, status, attempts, next_attempt_at,
           last_error, sent_at, ref)
         SELECT ?, channel, status, attempts, next_attempt_at, last_error, sent_at, ref
         FROM copy.lead_deliveries WHERE lead_id = ? AND true
         ON CONFLICT (lead_id, channel) DO UPDATE SET status = 'sent', sent_at = excluded.sent_at,
           ref = excluded.ref, last_error = NULL
         WHERE excluded.status = 'sent' AND status <> 'sent'`,
      ).run(id, lead.id ?? null).changes,
    ) > 0
  if (str(lead.status) === 'sent' && str(live.status) !== 'sent') {
    sql(
      `UPDATE main.leads SET status = 'sent', sent_at = ?, telegram_message_id = ?,
         last_error = NULL, in_flight = 0, reminded_at = COALESCE(reminded_at, ?) WHERE id = ?`,
    ).run(lead.sent_at ?? null, lead.telegram_message_id ?? null, lead.reminded_at ?? null, id)
    changed = true
  } else if (live.reminded_at === null && lead.reminded_at !== null) {
    sql('UPDATE main.leads SET reminded_at = ? WHERE id = ?').run(lead.reminded_at ?? null, id)
    changed = true
  }

  if (moveTrialOn(target, id, num(lead.id))) changed = true

  const missing = sql(
    `SELECT status, at, by FROM copy.lead_status_history AS c WHERE lead_id = ?
       AND NOT EXISTS (SELECT 1 FROM main.lead_status_history AS m
         WHERE m.lead_id = ? AND m.status = c.status AND m.at = c.at AND m.by = c.by)
     ORDER BY id`,
  ).all(lead.id ?? null, id)
  if (missing.length === 0) return changed
  for (const change of missing) {
    sql('INSERT INTO main.lead_status_history (lead_id, status, at, by) VALUES (?, ?, ?, ?)').run(
      id,
      change.status ?? null,
      change.at ?? null,
      change.by ?? null,
    )
  }
  // The latest line of both is what the message is edited for; the message shows it if the copy's
  // did. The desk's status is its latest press: a parent's change of her trial is no status.
  const latestOf = (table: 'main' | 'copy', leadId: number, desk: boolean) =>
    sql(
      `SELECT id, status, at, by FROM ${table}.lead_status_history WHERE lead_id = ?
       ${desk ? 'AND status NOT IN (?, ?, ?)' : ''} ORDER BY at DESC, id DESC LIMIT 1`,
    ).get(leadId, ...(desk ? Object.values(TRIAL_CHANGES) : []))
  const latest = latestOf('main', id, false)
  if (!latest || latest.id === live.desk_status_id) return true
  const press = latestOf('main', id, true)
  const copyShown =
    lead.desk_status_id !== null && lead.desk_status_id === lead.desk_shown_id
      ? sql('SELECT status, at, by FROM copy.lead_status_history WHERE id = ?').get(
          lead.desk_status_id ?? null,
        )
      : undefined
  const copyShowedIt =
    copyShown !== undefined &&
    strOrNull(copyShown.status) === strOrNull(latest.status) &&
    strOrNull(copyShown.at) === strOrNull(latest.at) &&
    strOrNull(copyShown.by) === strOrNull(latest.by)
  sql(
    `UPDATE main.leads SET desk_status = ?, desk_status_at = ?, desk_status_by = ?,
       desk_status_id = ?, desk_shown_id = CASE WHEN ? THEN ? ELSE desk_shown_id END WHERE id = ?`,
  ).run(
    press?.status ?? null,
    press?.at ?? null,
    press?.by ?? null,
    latest.id ?? null,
    copyShowedIt ? 1 : 0,
    latest.id ?? null,
    id,
  )
  return true
}

/**
 * Her trial in a lead both copies have: the copy's if the live file has none, or if hers changed
 * there later (a move or a cancel made before the file was lost); her reminders joined, one sent
 * in either copy counted sent, so none goes twice. Returns whether anything changed.
 */
function moveTrialOn(target: Connection, id: number, copyId: number): boolean {
  const { sql } = target
  const copy = sql('SELECT * FROM copy.trials WHERE lead_id = ?').get(copyId)
  let changed = false
  if (copy) {
    const live = sql('SELECT changed_at, telegram_chat_id FROM main.trials WHERE lead_id = ?').get(
      id,
    )
    if (!live) {
      sql(
        `INSERT OR IGNORE INTO main.trials (lead_id, ${TRIAL_COLUMNS})
         SELECT ?, ${TRIAL_COLUMNS} FROM copy.trials WHERE lead_id = ?`,
      ).run(id, copyId)
      changed = true
    } else if ((strOrNull(copy.changed_at) ?? '') > (strOrNull(live.changed_at) ?? '')) {
      sql('UPDATE main.trials SET at = ?, state = ?, changed_at = ? WHERE lead_id = ?').run(
        copy.at ?? null,
        copy.state ?? null,
        copy.changed_at ?? null,
        id,
      )
      changed = true
    }
    if (live && live.telegram_chat_id === null && copy.telegram_chat_id !== null) {
      sql('UPDATE main.trials SET telegram_chat_id = ? WHERE lead_id = ?').run(
        copy.telegram_chat_id ?? null,
        id,
      )
      changed = true
    }
  }
  const reminders = sql(
    `INSERT INTO main.trial_reminders (lead_id, at, kind, due_at, sent_at)
     SELECT ?, at, kind, due_at, sent_at FROM copy.trial_reminders WHERE lead_id = ? AND true
     ON CONFLICT (lead_id, at, kind) DO UPDATE SET sent_at = excluded.sent_at
     WHERE sent_at IS NULL AND excluded.sent_at IS NOT NULL`,
  ).run(id, copyId)
  return changed || num(reminders.changes) > 0
}
