import type { FastifyListenOptions } from 'fastify'
import type { IncomingMessage } from 'node:http'
import { Server } from 'node:net'
import type { Socket } from 'node:net'
import { buildApp } from './app.ts'
import { ConfigError, parseConfig } from './config.ts'
import type { Config } from './config.ts'
import type { StoreLog } from './store/connection.ts'
import { freeBytesBeside, isDiskFull, removeGuardFilesBefore } from './store/connection.ts'
import { openLeadStore } from './store/lead-store.ts'
import type { LeadStore } from './store/lead-store.ts'
import { channelsFrom } from './channels/from-config.ts'
import { createChannels } from './channels/worker.ts'
import { createOutbox } from './outbox.ts'
import type { Outbox } from './outbox.ts'
import { createTelegramClient } from './telegram.ts'
import { createUpdatesPoller } from './updates.ts'
import { GROUPS, groupEntry } from '@it-lab/shared'
import { readTrialBooking } from './trials/booking.ts'
import { createSeats } from './trials/seats.ts'
import { createWaitlist } from './trials/waitlist.ts'
import type { UpdatesPoller } from './updates.ts'
import type { DeliveryLoop } from './retry.ts'
import { createParentChat } from './trials/parent-chat.ts'
import { askBotName, type BotName } from './trials/reminder-link.ts'
import { readSchoolAddress } from './trials/reminder-words.ts'
import { createWaitlistOffers } from './trials/offers.ts'
import { createTrialReminders } from './trials/reminders.ts'

const DAY_MS = 86_400_000
/** How often leads past the retention period are looked for (also once at start). */
const RETENTION_SWEEP_MS = 3_600_000

function loadConfig(): Config {
  try {
    return parseConfig(process.env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`lead-bot: ${error.message}\n`)
    process.exit(1)
  }
}

const config = loadConfig()
// The store reports a replaced database file through the app's logger, which comes later.
const storeLog: { to?: StoreLog } = {}
let stopping = false
const stderrLog: StoreLog = {
  warn: (details, message) =>
    process.stderr.write(`lead-bot: ${message} ${JSON.stringify(details)}\n`),
  error: (details, message) =>
    process.stderr.write(`lead-bot: ${message} ${JSON.stringify(details)}\n`),
}

/** The exit code after the database file was replaced: the supervisor starts the service again. */
const EXIT_FILE_REPLACED = 75

/** How often a start that found no space for the database tries again (0058). */
const NO_SPACE_RETRY_MS = 5_000
/** Below this much free space, a database that cannot be opened is taken to want space. */
const NO_SPACE_BYTES = 1024 * 1024

/** The free bytes beside the database, or `fallback` when its folder cannot be read. */
function freeBytesOr(fallback: number): number {
  try {
    return freeBytesBeside(config.dbPath)
  } catch {
    return fallback
  }
}

async function openStore(): Promise<LeadStore> {
  const log: StoreLog = {
    warn: (details, message) => (storeLog.to ?? stderrLog).warn(details, message),
    error: (details, message) => (storeLog.to ?? stderrLog).error(details, message),
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return openLeadStore(config.dbPath, {
        log,
        retentionDays: config.retentionDays,
        // The file is not the one opened (docs/behaviour.md, "Storage rules"): stop taking leads,
        // and exit so the next start merges the rescue copy into whatever file is there now.
        onFenced: () => void shutdown('database file replaced', EXIT_FILE_REPLACED),
      })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      // A full disk (SQLite cannot even make its shared-memory file): wait for space rather than
      // exit, so the supervisor's restart limit never leaves the service down once it is freed.
      const freeBytes = freeBytesOr(Infinity)
      if (!isDiskFull(error) && freeBytes >= NO_SPACE_BYTES) {
        process.stderr.write(`lead-bot: cannot open the database ${config.dbPath}: ${reason}\n`)
        process.exit(1)
      }
      if (attempt === 1) {
        process.stderr.write(
          `lead-bot: no space for the database ${config.dbPath} (${freeBytes} bytes free: ` +
            `${reason}); trying again every ${NO_SPACE_RETRY_MS / 1000} s\n`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, NO_SPACE_RETRY_MS))
    }
  }
}

const store = await openStore()
let outbox: Outbox | undefined
let poller: UpdatesPoller | undefined
// The reminders parents ask for in their chat with the bot (docs/decisions/0103), and the bot's
// name their page's link needs (reminder-link.ts: `reminderLink(token, botName?.username)`).
let reminders: DeliveryLoop | undefined
let botName: BotName | undefined
// The channels besides Telegram (docs/decisions/0077): recorded before any lead is taken, so
// every lead stored from now on is queued for each channel on.
const extraChannels = channelsFrom(config.channels)
const channelNames = extraChannels.map((channel) => channel.name)
const newlyOn = store.setChannels(channelNames, Date.now())
// The groups' seats, shared by /send, /seats and the outbox's waitlist: the owner's numbers of
// this start's content are their baseline when she changed them (docs/decisions/0103).
const booking = readTrialBooking()
const seats = createSeats(store, GROUPS, booking, Date.now())
const app = await buildApp({
  store,
  siteOrigins: config.siteOrigins,
  rateLimit: config.rateLimit,
  trustProxy: config.trustProxy,
  logger: { level: config.logLevel },
  deliveryOn: config.telegram !== null,
  channels: channelNames,
  retentionDays: config.retentionDays,
  booking,
  seats,
  onLeadStored: () => {
    outbox?.wake()
    channels?.wake()
  },
  // Her change on her trial's page: the chat's message of the lead is edited (0103).
  onTrialChanged: () => outbox?.wake(),
  botUsername: () => botName?.username,
})
storeLog.to = app.log
const channels =
  extraChannels.length === 0
    ? undefined
    : createChannels({
        store,
        channels: extraChannels,
        config: {
          pollMs: config.outbox.pollMs,
          retryBaseMs: config.outbox.retryBaseMs,
          retryMaxMs: config.outbox.retryMaxMs,
          ...config.channels.worker,
        },
        log: app.log.child({ component: 'channels' }),
      })
if (newlyOn.length > 0) {
  app.log.info(
    { channels: newlyOn },
    'lead channels turned on: they take the leads received from now',
  )
}

if (config.telegram) {
  app.log.info({ chatId: config.telegram.chatId }, 'Telegram delivery is on')
  const telegram = createTelegramClient(config.telegram)
  outbox = createOutbox({
    store,
    telegram,
    config: config.outbox,
    log: app.log.child({ component: 'outbox' }),
    waitlist: createWaitlist(store, seats),
  })
  const place = { groupOf: groupEntry, address: readSchoolAddress() }
  reminders = createTrialReminders({
    store,
    telegram,
    times: booking,
    place,
    config: config.outbox,
    log: app.log.child({ component: 'reminders' }),
    // The bot offers a freed seat to a waiting parent only when the owner turned it on (0103).
    ...(booking.waitlistOffers ? { offers: createWaitlistOffers(store, seats) } : {}),
  })
  botName = askBotName(telegram, config.outbox, app.log.child({ component: 'reminders' }))
  poller = createUpdatesPoller({
    store,
    telegram,
    chatId: config.telegram.chatId,
    log: app.log.child({ component: 'updates' }),
    onStatus: () => outbox?.wake(),
    parentChat: createParentChat({
      store,
      telegram,
      booking,
      groupOf: groupEntry,
      place,
      log: app.log.child({ component: 'parent-chat' }),
      onChange: () => {
        outbox?.wake()
        reminders?.wake()
      },
    }),
    pollTimeoutS: config.telegram.pollTimeoutS,
    retryBaseMs: config.outbox.retryBaseMs,
    retryMaxMs: config.outbox.retryMaxMs,
  })
} else {
  app.log.warn(
    { pending: store.countPending() },
    'Telegram delivery is OFF (TELEGRAM_BOT_TOKEN / TELEGRAM_CHAT_ID not set): leads are only ' +
      'stored; list them with `npm run leads`. They will be sent once Telegram is configured.',
  )
}

/**
 * Deletes delivered leads older than LEADS_RETENTION_DAYS, with whatever the guard left beside
 * the database (docs/decisions/0016 and 0043). A lead never delivered is kept
 * and reported at error level at each pass until it is delivered or deleted by hand.
 */
function deleteExpired(): void {
  if (store.fenced) return
  const cutoff = Date.now() - config.retentionDays * DAY_MS
  try {
    const { deleted, keptUndelivered } = store.deleteReceivedBefore(cutoff)
    const files = removeGuardFilesBefore(config.dbPath, cutoff)
    if (deleted > 0 || files.length > 0) {
      app.log.info({ deleted, files, retentionDays: config.retentionDays }, 'expired leads deleted')
    }
    if (keptUndelivered > 0) {
      app.log.error(
        { keptUndelivered, retentionDays: config.retentionDays },
        'leads past the retention period were never delivered to every channel on: kept until ' +
          'they are (npm run leads; --resend-failed) or deleted with --delete',
      )
    }
    // Telegram serves an update for 24 hours at most: older ids need not be remembered.
    store.forgetUpdatesBefore(Date.now() - 7 * DAY_MS)
  } catch (error) {
    app.log.error({ err: error }, 'expired leads could not be deleted; will try again')
  }
}
deleteExpired()
setInterval(deleteExpired, RETENTION_SWEEP_MS).unref()

/** How long a shutdown waits at most for connections accepted already to send their request. */
const DRAIN_MS = 2_000
/** The connections accepted that have not sent a request yet. */
const unheard = new Set<Socket>()
app.server.on('connection', (socket: Socket) => {
  unheard.add(socket)
  socket.once('close', () => unheard.delete(socket))
})
app.server.on('request', (request: IncomingMessage) => unheard.delete(request.socket))

/**
 * Stops accepting (this process's copy of the socket closed: under systemd the next process takes
 * the backlog), then waits up to DRAIN_MS for each connection accepted but not heard from yet to
 * send its request. app.close() alone drops every connection without a request in progress: one
 * accepted a moment before, whose lead had not been read yet, was reset (ECONNRESET).
 */
async function drain(): Promise<void> {
  Server.prototype.close.call(app.server)
  const until = Date.now() + DRAIN_MS
  while (unheard.size > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function shutdown(signal: string, exitCode = 0): Promise<void> {
  if (stopping) return
  stopping = true
  app.log.info({ signal }, 'shutting down')
  try {
    // Stop taking leads first, then let the send in flight record its result.
    await drain()
    await app.close()
    await poller?.stop()
    botName?.stop()
    await reminders?.stop()
    await outbox?.stop()
    await channels?.stop()
    store.close()
    process.exit(exitCode)
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed')
    process.exit(1)
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'))
process.once('SIGINT', () => void shutdown('SIGINT'))

/**
 * The listening socket systemd passes (it-lab-lead-bot.socket, docs/decisions/0060): fd 3 when
 * LISTEN_FDS is set for this process. systemd keeps the socket open while the service restarts,
 * so a connection waits in its backlog for the next process instead of being refused.
 */
function inheritedSocket(): number | undefined {
  const { LISTEN_FDS, LISTEN_PID } = process.env
  if (!(Number(LISTEN_FDS) >= 1)) return undefined
  if (LISTEN_PID !== undefined && Number(LISTEN_PID) !== process.pid) return undefined
  // Meant for this process only, as sd_listen_fds() unsets them: nothing it starts inherits them.
  delete process.env.LISTEN_FDS
  delete process.env.LISTEN_PID
  delete process.env.LISTEN_FDNAMES
  return 3
}

const fd = inheritedSocket()
// Node listens on the fd and ignores the host; any host but "localhost" keeps Fastify from
// binding localhost's other addresses beside it. On SIGTERM app.close() closes this process's
// copy only: systemd's stays open.
const listenOn: FastifyListenOptions & { fd?: number } =
  fd === undefined ? { port: config.port, host: config.host } : { fd, host: '' }
const address = await app.listen(listenOn)
// Every setting that shapes behaviour, so a log (or a benchmark) shows what was in force; logged
// whatever LOG_LEVEL is, unless it is silent.
const startupLog = config.logLevel === 'silent' ? app.log : app.log.child({}, { level: 'info' })
startupLog.info(
  {
    address,
    socketActivated: fd !== undefined,
    db: store.path,
    ...store.settings(),
    origins: config.siteOrigins,
    rateLimit: config.rateLimit,
    retentionDays: config.retentionDays,
    telegram: config.telegram !== null,
    channels: channelNames,
    outbox: config.outbox,
  },
  'lead-bot listening',
)
outbox?.start()
poller?.start()
reminders?.start()
channels?.start()
