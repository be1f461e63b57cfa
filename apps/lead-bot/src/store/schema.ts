// The database's schema, one migration a version (PRAGMA user_version records how far a file is).
import type { DatabaseSync } from 'node:sqlite'

// Each entry moves the schema one version up; PRAGMA user_version records how far we are.
const MIGRATIONS = [
  `CREATE TABLE leads (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     received_at TEXT NOT NULL,
     name TEXT NOT NULL,
     phone TEXT NOT NULL,
     form TEXT NOT NULL,
     client_ip TEXT,
     user_agent TEXT,
     consent_version TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     last_error TEXT,
     sent_at TEXT,
     telegram_message_id INTEGER
   ) STRICT;
   CREATE INDEX leads_pending ON leads (next_attempt_at, id) WHERE status = 'pending';
   CREATE TABLE health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at TEXT NOT NULL) STRICT;`,
  // v2: no IP address or User-Agent any more (rate limiting keeps the IP in memory only), and a
  // `failed` status for dead letters. SQLite cannot change a CHECK in place: the table is rebuilt,
  // keeping every lead, its id and the id sequence (so a deleted lead's number is never reused).
  // A migration stays as it first ran, so it repeats v1's columns on purpose.
  `CREATE TABLE leads_v2 (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     received_at TEXT NOT NULL,
     name TEXT NOT NULL,
     phone TEXT NOT NULL,
     form TEXT NOT NULL,
     consent_version TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     last_error TEXT,
     sent_at TEXT,
     telegram_message_id INTEGER
   ) STRICT;
   INSERT INTO leads_v2 (id, received_at, name, phone, form, consent_version, status, attempts,
       next_attempt_at, last_error, sent_at, telegram_message_id)
     SELECT id, received_at, name, phone, form, consent_version, status, attempts,
       next_attempt_at, last_error, sent_at, telegram_message_id FROM leads;
   DELETE FROM sqlite_sequence WHERE name = 'leads_v2';
   INSERT INTO sqlite_sequence (name, seq)
     SELECT 'leads_v2', seq FROM sqlite_sequence WHERE name = 'leads';
   DROP TABLE leads;
   ALTER TABLE leads_v2 RENAME TO leads;
   CREATE INDEX leads_pending ON leads (id) WHERE status = 'pending';
   CREATE INDEX leads_received ON leads (received_at);`,
  // v3: the lead desk. Context sent with the lead, the latest status on the row (history in its
  // own table, deleted with the lead), and bot state such as the getUpdates offset. Leads
  // delivered before count as reminded, so an upgrade does not remind the chat of old leads.
  `ALTER TABLE leads ADD COLUMN course INTEGER;
   ALTER TABLE leads ADD COLUMN quiz INTEGER;
   ALTER TABLE leads ADD COLUMN page TEXT;
   ALTER TABLE leads ADD COLUMN desk_status TEXT;
   ALTER TABLE leads ADD COLUMN desk_status_at TEXT;
   ALTER TABLE leads ADD COLUMN desk_status_by TEXT;
   ALTER TABLE leads ADD COLUMN desk_status_id INTEGER;
   ALTER TABLE leads ADD COLUMN desk_shown_id INTEGER;
   ALTER TABLE leads ADD COLUMN reminded_at TEXT;
   UPDATE leads SET reminded_at = sent_at WHERE status = 'sent';
   CREATE TABLE lead_status_history (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id INTEGER NOT NULL,
     status TEXT NOT NULL,
     at TEXT NOT NULL,
     by TEXT NOT NULL
   ) STRICT;
   CREATE INDEX lead_status_history_lead ON lead_status_history (lead_id, id);
   CREATE TRIGGER lead_deleted AFTER DELETE ON leads BEGIN
     DELETE FROM lead_status_history WHERE lead_id = old.id;
   END;
   CREATE TABLE bot_state (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;`,
  // v4: a lead is never refused for metadata this service does not know (a newer site); the
  // note of what it did not know goes to the chat with the lead.
  `ALTER TABLE leads ADD COLUMN meta_warning TEXT;`,
  // v5 (docs/decisions/0043): each lead gets a uid that survives copies, backups and merges (a
  // lead copied before this version keeps one made of its id and time, the same in every copy);
  // a deletion ledger of uids, filled by a trigger on every delete and checked by a trigger on
  // every insert, so a deleted lead is never stored again; the chat messages of deleted leads,
  // to be edited so no name or phone remains there either; the "may be a repeat" state as
  // columns; and the ids of the Telegram updates already applied.
  `ALTER TABLE leads ADD COLUMN uid TEXT;
   UPDATE leads SET uid = 'legacy-' || id || '-' || received_at;
   CREATE UNIQUE INDEX leads_uid ON leads (uid);
   ALTER TABLE leads ADD COLUMN in_flight INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE leads ADD COLUMN may_repeat INTEGER NOT NULL DEFAULT 0;
   UPDATE leads SET may_repeat = 1
     WHERE status = 'pending' AND attempts > 0
       AND (last_error IS NULL OR last_error LIKE 'uncertain: %');
   UPDATE leads SET last_error = substr(last_error, 12) WHERE last_error LIKE 'uncertain: %';
   CREATE TABLE deleted_leads (uid TEXT PRIMARY KEY, deleted_at TEXT NOT NULL) STRICT;
   CREATE TABLE redactions (
     message_id INTEGER PRIMARY KEY,
     lead_id INTEGER NOT NULL
   ) STRICT;
   CREATE TRIGGER lead_deleted_ledger AFTER DELETE ON leads BEGIN
     INSERT OR IGNORE INTO deleted_leads (uid, deleted_at)
       VALUES (old.uid, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
     INSERT OR IGNORE INTO redactions (message_id, lead_id)
       SELECT old.telegram_message_id, old.id WHERE old.telegram_message_id IS NOT NULL;
   END;
   CREATE TRIGGER lead_stays_deleted BEFORE INSERT ON leads
     WHEN EXISTS (SELECT 1 FROM deleted_leads WHERE uid = new.uid)
   BEGIN
     SELECT RAISE(IGNORE);
   END;
   CREATE TABLE applied_updates (update_id INTEGER PRIMARY KEY, applied_at TEXT NOT NULL) STRICT;`,
  // v6 (docs/decisions/0075): the group the parent chose on a course page — its id, `other` for
  // «другое время», or the text a client sent that no group had; null from a form without groups.
  `ALTER TABLE leads ADD COLUMN chosen_group TEXT;`,
  // v7 (docs/decisions/0077): the lead channels besides Telegram (e-mail, webhook, CRMs), each
  // with its own delivery state per lead. Telegram keeps its state on the lead row. A channel
  // takes the leads received while it is on: a lead sent before it was named in the policies
  // never goes there. Deliveries go with their lead when it is deleted.
  `CREATE TABLE delivery_channels (
     name TEXT PRIMARY KEY,
     on_since TEXT NOT NULL,
     active INTEGER NOT NULL DEFAULT 1
   ) STRICT;
   CREATE TABLE lead_deliveries (
     lead_id INTEGER NOT NULL,
     channel TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     last_error TEXT,
     sent_at TEXT,
     ref TEXT,
     PRIMARY KEY (lead_id, channel)
   ) STRICT, WITHOUT ROWID;
   CREATE INDEX lead_deliveries_due ON lead_deliveries (channel, next_attempt_at, lead_id)
     WHERE status = 'pending';
   CREATE TRIGGER lead_deleted_deliveries AFTER DELETE ON leads BEGIN
     DELETE FROM lead_deliveries WHERE lead_id = old.id;
   END;`,
  // v8 (docs/decisions/0078): where the lead came from — the ad tags, the ad click ids, the site
  // that linked (host only) and the landing page of the visit it was sent in, the same of the
  // first visit the browser kept, and Metrika's ClientID (sent only with analytics consent).
  `ALTER TABLE leads ADD COLUMN utm_source TEXT;
   ALTER TABLE leads ADD COLUMN utm_medium TEXT;
   ALTER TABLE leads ADD COLUMN utm_campaign TEXT;
   ALTER TABLE leads ADD COLUMN utm_content TEXT;
   ALTER TABLE leads ADD COLUMN utm_term TEXT;
   ALTER TABLE leads ADD COLUMN yclid TEXT;
   ALTER TABLE leads ADD COLUMN gclid TEXT;
   ALTER TABLE leads ADD COLUMN referrer TEXT;
   ALTER TABLE leads ADD COLUMN landing_page TEXT;
   ALTER TABLE leads ADD COLUMN first_utm_source TEXT;
   ALTER TABLE leads ADD COLUMN first_utm_medium TEXT;
   ALTER TABLE leads ADD COLUMN first_utm_campaign TEXT;
   ALTER TABLE leads ADD COLUMN first_utm_content TEXT;
   ALTER TABLE leads ADD COLUMN first_utm_term TEXT;
   ALTER TABLE leads ADD COLUMN first_yclid TEXT;
   ALTER TABLE leads ADD COLUMN first_gclid TEXT;
   ALTER TABLE leads ADD COLUMN first_referrer TEXT;
   ALTER TABLE leads ADD COLUMN first_landing_page TEXT;
   ALTER TABLE leads ADD COLUMN metrika_client_id TEXT;`,
  // v9 (docs/decisions/0082): a restore keeps the copy's lead numbers; a live lead that held one
  // takes a new number (merge.ts). The chat knew it by the old one: its message is edited to the
  // new number and buttons, the chat told once, and a press on its old buttons still finds it.
  `CREATE TABLE lead_renumberings (
     lead_id INTEGER NOT NULL,
     old_id INTEGER NOT NULL,
     at TEXT NOT NULL,
     edited INTEGER NOT NULL DEFAULT 0,
     told INTEGER NOT NULL DEFAULT 0,
     PRIMARY KEY (lead_id, old_id)
   ) STRICT;
   CREATE INDEX lead_renumberings_old ON lead_renumberings (old_id);
   CREATE TRIGGER lead_deleted_renumberings AFTER DELETE ON leads BEGIN
     DELETE FROM lead_renumberings WHERE lead_id = old.id;
   END;`,
  // v10 (docs/decisions/0088-what-parents-check.md): the child's age a trial form may give (whole
  // years, 5 to 17, never a name), and the quiz's promo code with the school day it was given.
  // Null in every lead before, and whenever a lead came without them.
  `ALTER TABLE leads ADD COLUMN child_age INTEGER;
   ALTER TABLE leads ADD COLUMN promo_code TEXT;
   ALTER TABLE leads ADD COLUMN promo_given_on TEXT;`,
  // v11 (docs/decisions/0103-a-trial-she-holds.md): the lesson a parent chose for her trial, as she
  // sent it ('YYYY-MM-DDTHH:MM', school time), and the trial she holds: her page's link is known
  // only by its SHA-256 (the token itself is never stored), the lesson as it stands after a move
  // (null: «другое время», the school calls), booked, waiting for a seat or cancelled, and her
  // chat with the bot once she asked for reminders. A reminder is claimed before it is sent, so a
  // restart never sends it twice; a move makes new ones. All of it goes with its lead.
  `ALTER TABLE leads ADD COLUMN trial_at TEXT;
   CREATE TABLE trials (
     lead_id INTEGER PRIMARY KEY,
     token_hash TEXT NOT NULL UNIQUE,
     group_id TEXT NOT NULL,
     at TEXT,
     state TEXT NOT NULL DEFAULT 'booked' CHECK (state IN ('booked', 'waiting', 'cancelled')),
     created_at TEXT NOT NULL,
     changed_at TEXT,
     telegram_chat_id INTEGER
   ) STRICT;
   CREATE INDEX trials_group ON trials (group_id, state);
   CREATE TABLE trial_reminders (
     lead_id INTEGER NOT NULL,
     at TEXT NOT NULL,
     kind TEXT NOT NULL CHECK (kind IN ('evening', 'hours')),
     due_at INTEGER NOT NULL,
     sent_at TEXT,
     PRIMARY KEY (lead_id, at, kind)
   ) STRICT, WITHOUT ROWID;
   CREATE INDEX trial_reminders_due ON trial_reminders (due_at) WHERE sent_at IS NULL;
   CREATE TRIGGER lead_deleted_trials AFTER DELETE ON leads BEGIN
     DELETE FROM trials WHERE lead_id = old.id;
     DELETE FROM trial_reminders WHERE lead_id = old.id;
   END;`,
  // v12 (docs/decisions/0103-a-trial-she-holds.md, "Seats that follow the desk"): each group's free
  // places as the owner last typed them (with her size), the count they start from and since when,
  // and the count the outbox last saw; a notice to the chat that a seat freed where parents wait,
  // stored before it is sent and claimed once. Group ids and counts only: nobody's personal data.
  `CREATE TABLE group_seats (
     group_id TEXT PRIMARY KEY,
     typed_seats INTEGER NOT NULL,
     typed_size INTEGER,
     free INTEGER NOT NULL,
     since TEXT NOT NULL,
     seen_free INTEGER
   ) STRICT;
   CREATE TABLE waitlist_notices (
     id INTEGER PRIMARY KEY,
     group_id TEXT NOT NULL,
     freed INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     claimed_at TEXT
   ) STRICT;`,
  // v13 (docs/decisions/0103-a-trial-she-holds.md, "The waitlist"): the bot's offer of a freed
  // seat to a waiting parent in her own chat, claimed before it is sent (at most once), holding the
  // seat until `until_ms` unless she answers first; one a trial, so nobody is asked twice. Goes
  // with its lead.
  `CREATE TABLE waitlist_offers (
     lead_id INTEGER PRIMARY KEY,
     group_id TEXT NOT NULL,
     chat_id INTEGER NOT NULL,
     offered_at TEXT NOT NULL,
     until_ms INTEGER NOT NULL,
     answer TEXT CHECK (answer IN ('taken', 'declined', 'failed')),
     answered_at TEXT
   ) STRICT;
   CREATE INDEX waitlist_offers_group ON waitlist_offers (group_id) WHERE answer IS NULL;
   CREATE TRIGGER lead_deleted_waitlist_offers AFTER DELETE ON leads BEGIN
     DELETE FROM waitlist_offers WHERE lead_id = old.id;
   END;`,
]

export const SCHEMA_VERSION = MIGRATIONS.length

/** The file's schema version. */
export function schemaVersion(db: DatabaseSync): number {
  return Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0)
}

/**
 * Brings the file up to this version. Refuses a file made by a newer version of the service: its
 * columns and rules are unknown here, and writing to it could break them.
 */
export function migrate(db: DatabaseSync): void {
  // The version is read inside the write transaction, so two processes cannot both migrate.
  db.exec('BEGIN IMMEDIATE')
  try {
    const version = schemaVersion(db)
    if (version > MIGRATIONS.length) {
      throw new Error(
        `the database has schema version ${version}, newer than this service's ${MIGRATIONS.length}: ` +
          'run the newer version of the service',
      )
    }
    for (let next = version; next < MIGRATIONS.length; next += 1) {
      db.exec(MIGRATIONS[next] ?? '')
    }
    if (version < MIGRATIONS.length) db.exec(`PRAGMA user_version = ${MIGRATIONS.length}`)
    db.exec('COMMIT')
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK')
    throw error
  }
}
