import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { tempDir } from './helpers.ts'
import { runService, startService } from './service.ts'

const temp = tempDir()
afterAll(() => temp.remove())

it('says at start that Telegram delivery is off, stores leads, and stops cleanly on SIGINT', async () => {
  const service = await startService({ LEADS_DB: path.join(temp.dir, 'off.sqlite') })
  const warning = service.logs.find((line) => String(line.msg).includes('Telegram delivery is OFF'))
  expect(warning).toMatchObject({ level: 40, pending: 0 })
  expect(service.logs.find((line) => line.msg === 'lead-bot listening')).toMatchObject({
    journalMode: 'wal',
    synchronous: 'full',
  })
  const response = await fetch(`${service.url}/send?form=feedback&consent=2025-01&website=`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Анна', phone: '+7 (912) 345-67-89' }),
  })
  expect(response.status).toBe(200)
  const health = await (await fetch(`${service.url}/health`)).json()
  expect(health).toEqual({ status: 'ok', db: 'writable', pending: 1 })
  service.process.kill('SIGINT')
  expect(await service.exited).toEqual({ code: 0, signal: null })
})

it('refuses to start on a bad setting, naming it', async () => {
  const service = runService({
    LEADS_DB: path.join(temp.dir, 'bad.sqlite'),
    TELEGRAM_BOT_TOKEN: 'x',
  })
  expect(await service.exited).toEqual({ code: 1, signal: null })
  expect(service.stderr.join('\n')).toContain(
    'TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID must be set together',
  )
})
