// `--env-file FILE` of the operator's commands on the server (`npm run leads`, `npm run alert`):
// the settings the service's unit reads, and the service's own user for the files they touch
// (docs/decisions/0063).
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'

/** LEADS_DB as the units set it (deploy/systemd) and the deploy assumes when the file has none. */
export const SERVER_DB_PATH = '/var/lib/it-lab/leads.sqlite'

/**
 * Loads FILE into `env` (a variable already set wins, as with node --env-file); LEADS_DB is the
 * server's database when neither sets it, never the checkout's data/leads.sqlite.
 */
export function loadServerEnv(file: string, env: NodeJS.ProcessEnv): void {
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    env[name] ??= value
  }
  if (!env.LEADS_DB?.trim()) env.LEADS_DB = SERVER_DB_PATH
}

/**
 * Root (who alone may read the 0600 env file) goes on as the owner of the database, or of its
 * folder before the first lead: a WAL, a backup or a state file it creates must stay the
 * service's, or the service could not open them.
 */
export function becomeDatabaseOwner(dbPath: string): void {
  if (process.getuid?.() !== 0) return
  const owned = [dbPath, path.dirname(dbPath)].find((candidate) => existsSync(candidate))
  if (owned === undefined) return
  const { uid, gid } = statSync(owned)
  if (uid === 0) return
  process.setgroups?.([gid])
  process.setgid?.(gid)
  process.setuid?.(uid)
}
