import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { launchDir, resolveDbPath } from '../src/config.ts'
import { openLeadStore } from '../src/db.ts'
import { formatCsv, formatTable } from '../src/report.ts'

const USAGE = `Usage: npm run leads -- [--limit N] [--csv [--out FILE] [--delimiter ';'] [--no-bom]]
  Lists the most recent leads from LEADS_DB (default <repo>/data/leads.sqlite).
  --limit N      how many (default 50; CSV default: all)
  --csv          CSV, oldest first, to stdout (use npm run -s, or npm's banner lands in it)
  --out FILE     write the CSV to FILE instead of stdout
  --delimiter    CSV field separator (';' for Excel with a Russian locale)
  --no-bom       leave out the UTF-8 byte-order mark Excel needs to read Cyrillic`

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`)
  process.exit(2)
}

function parseOptions() {
  try {
    return parseArgs({
      options: {
        csv: { type: 'boolean', default: false },
        limit: { type: 'string' },
        delimiter: { type: 'string', default: ',' },
        out: { type: 'string' },
        'no-bom': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error))
  }
}

const values = parseOptions()
if (values.help) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(0)
}
const limit = values.limit === undefined ? (values.csv ? 1_000_000 : 50) : Number(values.limit)
if (!Number.isInteger(limit) || limit < 1) fail(`--limit must be a positive integer`)
if (values.delimiter.length !== 1 || /["\r\n]/.test(values.delimiter)) {
  fail('--delimiter must be one character other than a quote or a line break')
}

if (values.out !== undefined && !values.csv) fail('--out goes with --csv')

function writeCsv(csv: string): void {
  if (values.out === undefined) {
    process.stdout.write(csv)
    return
  }
  const file = path.resolve(launchDir(), values.out)
  writeFileSync(file, csv)
  process.stderr.write(`Saved ${file}\n`)
}

const dbPath = resolveDbPath(process.env)
if (!existsSync(dbPath)) {
  process.stderr.write(`No leads yet: ${dbPath} does not exist.\n`)
  if (values.csv) writeCsv(formatCsv([], { delimiter: values.delimiter, bom: !values['no-bom'] }))
  process.exit(0)
}

const store = openLeadStore(dbPath)
try {
  const leads = store.list({ limit })
  if (values.csv) {
    leads.reverse()
    writeCsv(formatCsv(leads, { delimiter: values.delimiter, bom: !values['no-bom'] }))
  } else {
    const total = store.count()
    const pending = store.countPending()
    process.stdout.write(`${formatTable(leads)}\n\n`)
    process.stdout.write(
      `Показано ${leads.length} из ${total}; ждут доставки в Telegram: ${pending}. База: ${dbPath}\n`,
    )
  }
} finally {
  store.close()
}
