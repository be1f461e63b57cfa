import { tmpdir } from 'node:os'
import path from 'node:path'

// Shared by playwright.config.ts and the specs. Overridable so that several runs can share
// a machine, each with its own build folder and ports.
export const SITE_PORT = Number(process.env.E2E_SITE_PORT ?? 3100)
export const LEAD_PORT = Number(process.env.E2E_LEAD_PORT ?? 3101)
/** Where e2e/lead-service.ts shows what its fake Telegram received. */
export const TELEGRAM_INSPECT_PORT = Number(process.env.E2E_TELEGRAM_INSPECT_PORT ?? LEAD_PORT + 1)
export const BUILD_DIR = process.env.E2E_BUILD_DIR ?? 'build-e2e'
/** The real lead service's SQLite file during the e2e run. */
export const LEADS_DB = path.join(tmpdir(), `it-lab-${BUILD_DIR}`, 'leads.sqlite')
export const LEAD_API_URL = `http://127.0.0.1:${LEAD_PORT}`
