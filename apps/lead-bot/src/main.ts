import { buildApp } from './app.ts'
import { ConfigError, parseConfig } from './config.ts'
import type { Config } from './config.ts'
import { openLeadStore } from './db.ts'
import { createOutbox } from './outbox.ts'
import type { Outbox } from './outbox.ts'
import { createTelegramClient } from './telegram.ts'

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
const store = openLeadStore(config.dbPath)
let outbox: Outbox | undefined
const app = await buildApp({
  store,
  siteOrigins: config.siteOrigins,
  rateLimit: config.rateLimit,
  trustProxy: config.trustProxy,
  logger: { level: config.logLevel },
  onLeadStored: () => outbox?.wake(),
})

if (config.telegram) {
  app.log.info({ chatId: config.telegram.chatId }, 'Telegram delivery is on')
  outbox = createOutbox({
    store,
    telegram: createTelegramClient(config.telegram),
    config: config.outbox,
    log: app.log.child({ component: 'outbox' }),
  })
} else {
  app.log.warn(
    { pending: store.countPending() },
    'Telegram delivery is OFF (TELEGRAM_BOT_TOKEN / TELEGRAM_CHAT_ID not set): leads are only ' +
      'stored; list them with `npm run leads`. They will be sent once Telegram is configured.',
  )
}

let stopping = false
async function shutdown(signal: string): Promise<void> {
  if (stopping) return
  stopping = true
  app.log.info({ signal }, 'shutting down')
  try {
    // Stop taking leads first, then let the send in flight record its result.
    await app.close()
    await outbox?.stop()
    store.close()
    process.exit(0)
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed')
    process.exit(1)
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'))
process.once('SIGINT', () => void shutdown('SIGINT'))

const address = await app.listen({ port: config.port, host: config.host })
app.log.info(
  { address, db: store.path, ...store.settings(), origins: config.siteOrigins },
  'lead-bot listening',
)
outbox?.start()
