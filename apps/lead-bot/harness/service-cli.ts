// The lead-service harness (service.ts) for shell scripts (`npm run check:nginx`):
//   node apps/lead-bot/harness/service-cli.ts start LOG_FILE [KEY=VALUE …]
//       starts the service detached with exactly these settings (LEAD_PORT required), waits for
//       /health and prints "<pid> <url>"; the service keeps running
//   node apps/lead-bot/harness/service-cli.ts stop PID
//       SIGTERM (graceful), then SIGKILL after 5 s
//   node apps/lead-bot/harness/service-cli.ts lead NAME
//       prints the query string and the JSON body of a valid lead as the site sends it (tab between)
//   node apps/lead-bot/harness/service-cli.ts stored DB_FILE
//       prints every stored lead's columns as JSON, read-only
import { DatabaseSync } from 'node:sqlite'
import { LEAD_QUERY, VALID_PHONE } from './sample-leads.ts'
import { startService } from './service.ts'

const [command, ...args] = process.argv.slice(2)

function usage(): never {
  process.stderr.write(
    'usage: service.ts start LOG_FILE [KEY=VALUE …] | stop PID | lead NAME | stored DB\n',
  )
  process.exit(2)
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

switch (command) {
  case 'start': {
    const [logFile, ...pairs] = args
    if (logFile === undefined) usage()
    const env = Object.fromEntries(
      pairs.map((pair) => {
        const at = pair.indexOf('=')
        if (at < 1) usage()
        return [pair.slice(0, at), pair.slice(at + 1)]
      }),
    )
    const service = await startService(env, { logFile })
    service.process.unref()
    process.stdout.write(`${service.process.pid} ${service.url}\n`)
    process.exit(0)
    break
  }
  case 'stop': {
    const pid = Number(args[0])
    if (!Number.isInteger(pid) || pid <= 0) usage()
    if (alive(pid)) process.kill(pid, 'SIGTERM')
    const deadline = Date.now() + 5_000
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    if (alive(pid)) process.kill(pid, 'SIGKILL')
    break
  }
  case 'lead': {
    if (args[0] === undefined) usage()
    process.stdout.write(
      `${LEAD_QUERY}\t${JSON.stringify({ name: args[0], phone: VALID_PHONE })}\n`,
    )
    break
  }
  case 'stored': {
    if (args[0] === undefined) usage()
    const db = new DatabaseSync(args[0], { readOnly: true })
    process.stdout.write(`${JSON.stringify(db.prepare('SELECT * FROM leads ORDER BY id').all())}\n`)
    db.close()
    break
  }
  default:
    usage()
}
