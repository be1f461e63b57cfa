// The e2e run's lead service (started by playwright.config.ts): the real service with a fresh
// SQLite file, delivering to a fake Telegram Bot API on loopback. What the fake has received is
// readable as JSON on TELEGRAM_INSPECT_PORT, so a spec can see a lead reach the chat.
import { rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { startFakeTelegram } from '@it-lab/lead-bot/harness/fake-telegram'
import { startService } from '@it-lab/lead-bot/harness/service'
import { LEAD_PORT, LEADS_DB, SITE_PORT, TELEGRAM_INSPECT_PORT } from './e2e-env.ts'

// A fresh database for every run.
for (const suffix of ['', '-wal', '-shm']) rmSync(`${LEADS_DB}${suffix}`, { force: true })
const telegram = await startFakeTelegram('e2e-bot-token')
const service = await startService({
  LEAD_PORT: String(LEAD_PORT),
  LEADS_DB,
  // The site's origin, and the service's own: lead-source.spec.ts serves the pages there too, one
  // origin as nginx's /lead makes it in production, so a plain form post names its page.
  SITE_ORIGIN: `http://127.0.0.1:${SITE_PORT},http://127.0.0.1:${LEAD_PORT}`,
  RATE_LIMIT_MAX: '1000',
  TELEGRAM_BOT_TOKEN: telegram.token,
  TELEGRAM_CHAT_ID: '1001',
  TELEGRAM_API_URL: telegram.url,
  TELEGRAM_SEND_INTERVAL_MS: '0',
})

const inspect = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(JSON.stringify(telegram.messages))
})
inspect.listen(TELEGRAM_INSPECT_PORT, '127.0.0.1')
console.log(`lead service on ${service.url}, fake Telegram inspected on ${TELEGRAM_INSPECT_PORT}`)

async function stop() {
  inspect.close()
  await service.stop()
  await telegram.close()
  process.exit(0)
}
process.once('SIGTERM', () => void stop())
process.once('SIGINT', () => void stop())
