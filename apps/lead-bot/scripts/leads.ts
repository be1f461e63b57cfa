import { accessSync, constants, existsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { normalizePhone } from '@it-lab/shared'
import { CHANNEL_NAMES, isChannelName } from '../src/channel-names.ts'
import { envSchema, launchDir, parseEnv, resolveDbPath } from '../src/config.ts'
import { becomeDatabaseOwner, loadServerEnv, SERVER_DB_PATH } from '../cli/server-env.ts'
import { backupBytes, backupTo, deleteFromRescueCopies, restoreFrom } from '../src/store/backups.ts'
import { openLeadStore } from '../src/store/lead-store.ts'
import { computeDigest, formatDigest, previousSchoolWeek, schoolDay } from '../src/desk.ts'
import {
  ID_TYPES,
  metrikaTargets,
  offlineConversions,
  uploadOfflineConversions,
  type IdType,
} from '../cli/metrika.ts'
import {
  BREAKDOWNS,
  CSV_DELIMITER,
  breakdownReport,
  formatBreakdownCsv,
  formatBreakdownTable,
  formatCsv,
  formatReportCsv,
  formatReportTable,
  formatTable,
  monthlyReport,
} from '../cli/report.ts'
import { CliExit, exitCode, runAsProcess } from '../cli/io.ts'
import type { CliIo } from '../cli/io.ts'

const USAGE = `Usage: npm run leads -- [--since DATE] [--until DATE] [--limit N] [CSV]
       npm run leads -- --report [--by source|course|month] [--since DATE] [--until DATE] [CSV]
       npm run leads -- --offline-conversions [--since DATE] [--id yclid] [--out FILE | --upload]
       npm run leads -- --digest
       npm run leads -- --resend-failed [--channel NAME]
       npm run leads -- --delete "+7 (XXX) XXX-XX-XX"
       npm run leads -- --backup DIR
       node apps/lead-bot/scripts/leads.ts --backup - > FILE
       npm run leads -- --restore FILE
  CSV is --csv [--out FILE] [--delimiter C] [--no-bom]. Any of them takes --env-file FILE.
  Lists the most recent leads from LEADS_DB (default <repo>/data/leads.sqlite), read-only.
  --env-file FILE  reads the settings from FILE, as the service does on the server (LEADS_DB
                   default ${SERVER_DB_PATH}); run by root, it then works as the
                   database's owner
  --since DATE     only leads received on DATE (YYYY-MM-DD, school time) or later
  --until DATE     only leads received on DATE (school time) or earlier
  --limit N        how many, newest first (default 50; with --csv: all)
  --report         leads per month (school time) by page, by course and by form, from the
                   first lead's month to the last one's
  --by WHAT        with --report: leads, trials («Пришли на пробное») and enrolments
                   («Записан») per source (UTM tags, else the linking site), course or month
  --offline-conversions
                   the CSV Metrika's offline-conversions upload takes: a row per lead's first
                   «Пришли на пробное» and «Записан» (set on --since DATE or later), as the goals
                   METRIKA_TARGET_TRIAL and METRIKA_TARGET_ENROLLED (default trial, enrolled;
                   empty: not sent), by Metrika's ClientID, or with --id yclid by the ad click;
                   leads without that id are skipped and counted. No name or phone in it
  --upload         uploads it through Metrika's API instead (METRIKA_OAUTH_TOKEN,
                   METRIKA_COUNTER_ID, default YANDEX_METRIKA_ID) and prints the upload's id;
                   without --since, only the conversions set after the last upload's newest
  --digest         prints the digest of the past week (Monday to Sunday, school time); it
                   only prints: the running service sends the weekly one to the chat
  --resend-failed  puts the leads a channel refused for good or gave up on back in its queue,
                   once the setting at fault is fixed; the running service sends them within a
                   second. Every channel's, or with --channel NAME (telegram, email, webhook,
                   alfacrm, bitrix24) that channel's only
  --delete PHONE   deletes every lead with this phone (a withdrawal or deletion request)
                   and prints how many; a deleted lead never comes back from a backup
  --backup DIR     writes a consistent copy to DIR/leads-<time>.sqlite (owner-only) while the
                   service runs, and deletes DIR's copies older than LEADS_RETENTION_DAYS;
                   a copy that cannot be finished (a full disk) leaves no file
  --backup -       writes the copy to stdout instead, for another machine to keep (over ssh);
                   nothing is written on this one
  --restore FILE   merges a backup into the database: the leads it lacks come back with their
                   numbers (delivered ones are not sent again), statuses are kept, deleted
                   leads stay deleted; a lead that came after a lost database and holds a
                   restored number gets a new one, and the chat is told
  --csv            CSV for Excel instead of a table (leads oldest first), to stdout; to
                   redirect it through npm, use npm run -s (npm's banner would come first)
  --out FILE       writes the CSV to FILE, relative to where the command was typed; a new
                   file is readable by its owner only
  --delimiter C    CSV field separator (default ';', as Excel with a Russian locale expects)
  --no-bom         leaves out the UTF-8 byte-order mark Excel needs to read Cyrillic`

async function main(givenEnv: NodeJS.ProcessEnv, argv: string[], io: CliIo): Promise<void> {
  // --env-file adds to this run's environment only.
  const env = { ...givenEnv }
  /** A command that could not be done: one line saying why, no stack trace. */
  function abort(what: string, error: unknown): never {
    io.stderr.write(`${what}: ${error instanceof Error ? error.message : String(error)}\n`)
    throw new CliExit(1)
  }

  function fail(message: string): never {
    io.stderr.write(`${message}\n${USAGE}\n`)
    throw new CliExit(2)
  }

  /** Set while a backup goes to stdout: a reader that stops early means the copy is not whole. */
  let sendingBackup = false

  // A reader that stops early (`| head`) closes the pipe: the listing ends there, quietly. The
  // error comes as an event, outside any call of this run: the process ends here.
  for (const stream of [io.stdout, io.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' && !sendingBackup) process.exit(0)
      io.stderr.write(`The output could not be written: ${error.message}\n`)
      process.exit(1)
    })
  }

  function parseOptions() {
    try {
      return parseArgs({
        args: argv,
        options: {
          csv: { type: 'boolean', default: false },
          limit: { type: 'string' },
          delimiter: { type: 'string', default: CSV_DELIMITER },
          out: { type: 'string' },
          'no-bom': { type: 'boolean', default: false },
          'env-file': { type: 'string' },
          'resend-failed': { type: 'boolean', default: false },
          channel: { type: 'string' },
          delete: { type: 'string' },
          backup: { type: 'string' },
          restore: { type: 'string' },
          digest: { type: 'boolean', default: false },
          report: { type: 'boolean', default: false },
          by: { type: 'string' },
          'offline-conversions': { type: 'boolean', default: false },
          id: { type: 'string' },
          upload: { type: 'boolean', default: false },
          since: { type: 'string' },
          until: { type: 'string' },
          help: { type: 'boolean', short: 'h', default: false },
        },
      }).values
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error))
    }
  }

  const values = parseOptions()
  if (values.help) {
    io.stdout.write(`${USAGE}\n`)
    throw new CliExit(0)
  }
  const envFile = values['env-file']
  if (envFile !== undefined) {
    try {
      loadServerEnv(path.resolve(launchDir(env), envFile), env)
    } catch (error) {
      abort(`Cannot read ${envFile}`, error)
    }
  }
  const limit = values.limit === undefined ? (values.csv ? 1_000_000 : 50) : Number(values.limit)
  if (!Number.isInteger(limit) || limit < 1) fail(`--limit must be a positive integer`)
  if (values.delimiter.length !== 1 || /["\r\n]/.test(values.delimiter)) {
    fail('--delimiter must be one character other than a quote or a line break')
  }

  const conversions = values['offline-conversions']
  if (values.out !== undefined && !values.csv && !conversions) {
    fail('--out goes with --csv or --offline-conversions')
  }
  const by = values.by
  if (by !== undefined) {
    if (!values.report) fail('--by goes with --report')
    if (!BREAKDOWNS.some((known) => known === by))
      fail(`--by takes one of: ${BREAKDOWNS.join(', ')}`)
  }
  if (!conversions && (values.id !== undefined || values.upload)) {
    fail('--id and --upload go with --offline-conversions')
  }
  const idType: IdType =
    ID_TYPES.find((known) => known === (values.id ?? 'client-id')) ??
    fail(`--id takes one of: ${ID_TYPES.join(', ')}`)
  if (conversions) {
    if (values.report || values.digest || values.csv || values.limit !== undefined) {
      fail('--offline-conversions goes with --since, --id, --out or --upload only')
    }
    if (values.until !== undefined) fail('--offline-conversions takes no --until: only past times')
    if (values.upload && values.out !== undefined) fail('one of --out, --upload')
  }

  /** The leads --since and --until ask for: school days, both included; open without them. */
  function receivedRange(): { from?: number; to?: number } {
    const day = (option: 'since' | 'until') => {
      const value = values[option]
      if (value === undefined) return undefined
      return schoolDay(value) ?? fail(`--${option} must be a real date, YYYY-MM-DD`)
    }
    const from = day('since')?.from
    const to = day('until')?.to
    if (from !== undefined && to !== undefined && from >= to) fail('--since is after --until')
    return { from, to }
  }

  const range = receivedRange()
  const ranged = values.since !== undefined || values.until !== undefined
  if (ranged && values.digest) fail('--digest covers the past week; it takes no --since or --until')
  if (values.report && values.digest) fail('one of --report, --digest')
  if (values.report && values.limit !== undefined) {
    fail('--report counts every lead; it takes no --limit')
  }

  /**
   * Whether `npm run` wrote its banner ("> it-lab leads" and the command) to stdout before this
   * process started: it does unless -s (loglevel silent), --json (then to stderr) or `npm exec`.
   */
  function npmBannerInStdout(): boolean {
    return (
      env.npm_lifecycle_event !== undefined &&
      env.npm_command !== 'exec' &&
      env.npm_config_loglevel !== 'silent' &&
      env.npm_config_json !== 'true'
    )
  }

  // A CSV after the banner does not open cleanly in Excel; on a terminal the banner does no harm.
  if (
    (values.csv || (conversions && !values.upload)) &&
    values.out === undefined &&
    !io.stdout.isTTY &&
    npmBannerInStdout()
  ) {
    io.stderr.write(
      'npm wrote its banner into this output ahead of the CSV: use --out leads.csv, ' +
        'or npm run -s leads -- --csv > leads.csv\n',
    )
    throw new CliExit(2)
  }

  function writeCsv(csv: string): void {
    if (values.out === undefined) {
      io.stdout.write(csv)
      return
    }
    // Relative to where the command was typed, as LEADS_DB, --backup and --restore are.
    const file = path.resolve(launchDir(env), values.out)
    try {
      // A new file is the owner's only: it holds names and phones, perhaps in a shared /tmp.
      writeFileSync(file, csv, { mode: 0o600 })
    } catch (error) {
      cannotWrite(file, error)
    }
    io.stderr.write(`Saved ${file}\n`)
  }

  /** Why `file` could not be written, in one line that says what to do instead; exit code 1. */
  function cannotWrite(file: string, error: unknown): never {
    io.stderr.write(`Cannot write ${file}: ${whyNotWritten(file, error)}\n`)
    throw new CliExit(1)
  }

  function whyNotWritten(file: string, error: unknown): string {
    const dir = path.dirname(file)
    const code = (error as NodeJS.ErrnoException).code
    // E.g. the service's user in the checkout, which only root may write.
    if ((code === 'EACCES' || code === 'EPERM' || code === 'EROFS') && !writable(dir)) {
      const elsewhere = path.join(tmpdir(), path.basename(file))
      return `this user may not write in ${dir}. Write it where it may, e.g. --out ${elsewhere}`
    }
    if (code === 'EACCES' || code === 'EPERM') {
      return 'this user may not overwrite it. Remove it or choose another name'
    }
    if (code === 'ENOENT' && !existsSync(dir)) return `the folder ${dir} does not exist`
    if (code === 'EISDIR') {
      return `it is a folder. Name a file in it, e.g. --out ${path.join(file, 'leads.csv')}`
    }
    return error instanceof Error ? error.message : String(error)
  }

  function writable(dir: string): boolean {
    try {
      accessSync(dir, constants.W_OK)
      return true
    } catch {
      return false
    }
  }

  const dbPath = resolveDbPath(env)
  if (envFile !== undefined) becomeDatabaseOwner(dbPath)
  const actions = [values['resend-failed'], values.delete, values.backup, values.restore].filter(
    (value) => value !== undefined && value !== false,
  )
  if (actions.length > 1) fail('one of --resend-failed, --delete, --backup, --restore')
  const channel = values.channel
  if (channel !== undefined) {
    if (!values['resend-failed']) fail('--channel goes with --resend-failed')
    if (!isChannelName(channel)) fail(`--channel takes one of: ${CHANNEL_NAMES.join(', ')}`)
  }
  if (actions.length > 0 && (values.csv || values.report || ranged || conversions)) {
    fail(
      '--csv, --report, --offline-conversions, --since and --until read leads; they do not go with a change',
    )
  }

  /** LEADS_RETENTION_DAYS as the service reads it: backups and restores keep to it too. */
  function retentionDays(): number {
    try {
      return parseEnv(envSchema.pick({ LEADS_RETENTION_DAYS: true }), env).LEADS_RETENTION_DAYS
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error))
    }
  }

  if (values.backup === '-') {
    if (!existsSync(dbPath)) fail(`No database at ${dbPath}`)
    // The bytes are the backup: nothing else may come first, and a terminal is no place for them.
    if (io.stdout.isTTY) fail('--backup - writes the database to stdout: redirect it to a file')
    if (npmBannerInStdout()) {
      fail(
        'npm wrote its banner into stdout ahead of the copy: run node apps/lead-bot/scripts/leads.ts',
      )
    }
    let bytes: Uint8Array
    try {
      bytes = backupBytes(dbPath)
    } catch (error) {
      abort('The backup failed', error)
    }
    sendingBackup = true
    try {
      await new Promise<void>((resolve, reject) => {
        io.stdout.write(bytes, (error) => (error ? reject(error) : resolve()))
      })
    } catch (error) {
      abort('The backup could not be written', error)
    }
    // Nothing on stderr: the nightly pull's cron mails whatever it writes there (deploy/README.md).
    throw new CliExit(0)
  } else if (values.backup !== undefined) {
    if (!existsSync(dbPath)) fail(`No database at ${dbPath}`)
    const dir = path.resolve(launchDir(env), values.backup)
    const days = retentionDays()
    let result: ReturnType<typeof backupTo>
    try {
      result = backupTo(dbPath, dir, { retentionDays: days })
    } catch (error) {
      abort(`The backup to ${dir} failed`, error)
    }
    const { file, removed } = result
    io.stdout.write(
      `Backup: ${file}\nBackups past the retention period deleted: ${removed.length}\n`,
    )
    throw new CliExit(0)
  }

  if (values.restore !== undefined) {
    const file = path.resolve(launchDir(env), values.restore)
    if (!existsSync(file)) fail(`No backup at ${file}`)
    const days = retentionDays()
    let counts: ReturnType<typeof restoreFrom>
    try {
      counts = restoreFrom(dbPath, file, { retentionDays: days, tempDir: path.dirname(dbPath) })
    } catch (error) {
      abort(`${file} could not be restored`, error)
    }
    io.stdout.write(
      `Leads added: ${counts.added}; updated: ${counts.updated}; ` +
        `deleted ones not brought back: ${counts.skippedDeleted}; ` +
        `past the retention period: ${counts.skippedExpired}; deleted as the copy's log says: ${counts.deleted}\n`,
    )
    // The restored leads keep their numbers; the ones that came after the loss move (0082).
    if (counts.renumbered.length > 0) {
      const moves = counts.renumbered.map(({ from, to }) => `${from} → ${to}`).join(', ')
      io.stdout.write(
        `Renumbered, their numbers given back to restored leads: ${moves}. The lead service ` +
          `edits their chat messages and buttons and tells the chat.\n`,
      )
    }
    throw new CliExit(0)
  }

  if (actions.length > 0) {
    if (!existsSync(dbPath)) fail(`No database at ${dbPath}`)
    const store = openLeadStore(dbPath, { tool: true })
    try {
      if (values.delete !== undefined) {
        // Accepts the phone however it was typed, as the forms do.
        const phone = normalizePhone(values.delete)
        if (phone === undefined) fail(`--delete needs a full phone like +7 (912) 345-67-89`)
        const deleted = store.deleteByPhone(phone).length + deleteFromRescueCopies(dbPath, phone)
        io.stdout.write(`Leads with this phone deleted: ${deleted}\n`)
      } else {
        // Telegram's dead letters are on the lead row, the other channels' in lead_deliveries.
        const at = Date.now()
        const resent =
          (channel === undefined || channel === 'telegram' ? store.resendFailed(at) : 0) +
          (channel === 'telegram' ? 0 : store.resendFailedDeliveries(at, channel))
        io.stdout.write(`Queued for delivery again: ${resent}\n`)
      }
    } finally {
      store.close()
    }
    throw new CliExit(0)
  }

  const csvOptions = { delimiter: values.delimiter, bom: !values['no-bom'] }

  if (!existsSync(dbPath)) {
    io.stderr.write(`No leads yet: ${dbPath} does not exist.\n`)
    if (values.csv) {
      writeCsv(
        values.report ? formatReportCsv(monthlyReport([]), csvOptions) : formatCsv([], csvOptions),
      )
    }
    throw new CliExit(0)
  }

  if (conversions) await offline()

  /** The digest's Telegram HTML as terminal text. */
  function plain(html: string): string {
    return html
      .replace(/<[^>]+>/g, '')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&amp;', '&')
  }

  // Read-only: listing works for a user who may read the file but not write it.
  const store = openLeadStore(dbPath, { readOnly: true })
  try {
    if (values.digest) {
      const { from, to } = previousSchoolWeek(Date.now())
      io.stdout.write(
        `${plain(formatDigest(computeDigest(store.digestRows(from, to), from, to)))}\n`,
      )
    } else if (values.report && by !== undefined) {
      breakdown()
    } else if (values.report) {
      report()
    } else {
      list()
    }
  } finally {
    store.close()
  }

  /** ' from 01.01.2025 to 31.01.2025', ' since 01.01.2025', ' until 31.01.2025', or ''. */
  function periodText(): string {
    const date = (value: string) => value.split('-').reverse().join('.')
    const { since, until } = values
    if (since !== undefined && until !== undefined) return ` from ${date(since)} to ${date(until)}`
    if (since !== undefined) return ` since ${date(since)}`
    return until === undefined ? '' : ` until ${date(until)}`
  }

  function list(): void {
    const leads = store.list({ limit, ...range })
    if (values.csv) {
      leads.reverse()
      writeCsv(formatCsv(leads, csvOptions))
    } else {
      const total = store.count(range)
      const { pending, failed } = store.stats()
      io.stdout.write(`${formatTable(leads)}\n\n`)
      io.stdout.write(
        `Shown ${leads.length} of ${total}${periodText()}; waiting for Telegram: ${pending}; ` +
          `failed: ${failed}. Database: ${dbPath}\n`,
      )
      const others = Object.entries(store.channelStats(store.activeChannels()))
      for (const [name, stats] of others) {
        io.stdout.write(`Channel ${name}: waiting ${stats.pending}; failed: ${stats.failed}\n`)
      }
      if (failed > 0 || others.some(([, stats]) => stats.failed > 0)) {
        const file = envFile === undefined ? '' : ` --env-file ${envFile}`
        io.stdout.write(`Fix the setting, then run: npm run leads --${file} --resend-failed\n`)
      }
    }
  }

  function report(): void {
    const monthly = monthlyReport(store.list(range))
    if (values.csv) {
      writeCsv(formatReportCsv(monthly, csvOptions))
    } else if (monthly.months.length === 0) {
      io.stdout.write(`No leads${periodText()}.\n`)
    } else {
      io.stdout.write(
        `Leads per month (school time)${periodText()}:\n\n${formatReportTable(monthly)}\n`,
      )
    }
  }

  function breakdown(): void {
    const rows = breakdownReport(
      store.list(range),
      store.statusesEver(),
      BREAKDOWNS.find((known) => known === by) ?? 'source',
    )
    if (values.csv) {
      writeCsv(formatBreakdownCsv(rows, csvOptions))
    } else if (rows.total.leads === 0) {
      io.stdout.write(`No leads${periodText()}.\n`)
    } else {
      io.stdout.write(`Leads by ${by ?? ''}${periodText()}:\n\n${formatBreakdownTable(rows)}\n`)
    }
  }

  /** --offline-conversions: the CSV to a file or stdout, or the upload; then exits. */
  async function offline(): Promise<never> {
    let targets: ReturnType<typeof metrikaTargets>
    try {
      targets = metrikaTargets(env)
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error))
    }
    const column = idType === 'yclid' ? 'Yclid' : 'ClientId'
    const read = openLeadStore(dbPath, { readOnly: true })
    let result: ReturnType<typeof offlineConversions>
    // An upload without --since carries only what the last upload did not: Metrika may count a
    // conversion sent twice twice. A file (--out, stdout) moves nothing: its upload is the owner's.
    const uploadedThrough = values.upload ? read.conversionsUploadedThrough(idType) : undefined
    const from = range.from ?? (uploadedThrough === undefined ? 0 : Date.parse(uploadedThrough) + 1)
    let newest: string | undefined
    try {
      const presses = read.conversionPresses(from)
      newest = presses.at(-1)?.at
      result = offlineConversions(presses, targets, idType)
    } finally {
      read.close()
    }
    const after =
      range.from === undefined && uploadedThrough !== undefined
        ? ` after the last upload (${uploadedThrough})`
        : ''
    const counts = `Conversions${after}: ${result.rows}; skipped without a ${column}: ${result.skipped}`
    if (!values.upload) {
      writeCsv(result.csv)
      io.stderr.write(`${counts}\n`)
      throw new CliExit(0)
    }
    const token = env.METRIKA_OAUTH_TOKEN?.trim() ?? ''
    const counterId = (env.METRIKA_COUNTER_ID || env.YANDEX_METRIKA_ID || '').trim()
    if (token === '') fail('--upload needs METRIKA_OAUTH_TOKEN')
    if (!/^[1-9][0-9]*$/.test(counterId)) {
      fail('--upload needs METRIKA_COUNTER_ID (or YANDEX_METRIKA_ID): the counter number')
    }
    if (result.rows === 0) {
      io.stdout.write(`${counts}. Nothing to upload.\n`)
      throw new CliExit(0)
    }
    try {
      const id = await uploadOfflineConversions({
        apiUrl: env.METRIKA_API_URL || undefined,
        counterId,
        token,
        idType,
        csv: result.csv,
        comment: 'it-lab leads',
      })
      if (newest !== undefined && (uploadedThrough === undefined || newest > uploadedThrough)) {
        const write = openLeadStore(dbPath, { tool: true })
        try {
          write.setConversionsUploadedThrough(idType, newest)
        } finally {
          write.close()
        }
      }
      io.stdout.write(`${counts}. Uploaded to Metrika: upload id ${id}\n`)
    } catch (error) {
      return abort('The upload failed', error)
    }
    throw new CliExit(0)
  }
}

/** The command: 0 done, 1 it could not be done, 2 bad usage. */
export function run(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  return exitCode(() => main(env, argv, io))
}

if (import.meta.main) await runAsProcess(run)
