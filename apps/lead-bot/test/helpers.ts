import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Log } from '../src/outbox.ts'

/** A fresh folder under the OS temp dir; call the returned function to remove it. */
export function tempDir(prefix = 'lead-bot-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

export interface RecordingLog extends Log {
  entries: { level: 'info' | 'warn' | 'error'; details: object; message: string }[]
}

/** A logger that keeps entries in memory, so tests stay quiet and can look at them. */
export function recordingLog(): RecordingLog {
  const entries: RecordingLog['entries'] = []
  return {
    entries,
    info: (details, message) => void entries.push({ level: 'info', details, message }),
    warn: (details, message) => void entries.push({ level: 'warn', details, message }),
    error: (details, message) => void entries.push({ level: 'error', details, message }),
  }
}

export const VALID_PHONE = '+7 (912) 345-67-89'

/** Distinct valid phone for lead number `n` (0–9999), so leads can be told apart. */
export function phoneFor(n: number): string {
  const digits = String(n).padStart(4, '0')
  return `+7 (900) 000-${digits.slice(0, 2)}-${digits.slice(2)}`
}
