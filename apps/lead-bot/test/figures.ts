import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const OUT_DIR = path.join(import.meta.dirname, '..', 'test-results')

/** Prints measured figures and keeps them in apps/lead-bot/test-results/<name>.json to quote. */
export function reportFigures(name: string, figures: Record<string, unknown>): void {
  console.info(`[figures] ${name}: ${JSON.stringify(figures)}`)
  mkdirSync(OUT_DIR, { recursive: true })
  writeFileSync(path.join(OUT_DIR, `${name}.json`), `${JSON.stringify(figures, null, 2)}\n`)
}
