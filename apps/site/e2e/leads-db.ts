import { DatabaseSync } from 'node:sqlite'
import { LEADS_DB } from './e2e-env.ts'

export type StoredLead = {
  name: string
  phone: string
  form: string
  consent_version: string
  received_at: string
  course: number | null
  quiz: number | null
  page: string | null
}

/** Rows the real lead service stored under this name (each test uses a name of its own). */
export function storedLeads(name: string): StoredLead[] {
  const db = new DatabaseSync(LEADS_DB, { readOnly: true })
  try {
    return db.prepare('SELECT * FROM leads WHERE name = ?').all(name) as StoredLead[]
  } finally {
    db.close()
  }
}

/** A name no other test uses, at most 32 characters. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`
}
