import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, afterEach, expect, it } from 'vitest'
import { startFakeTelegram } from '../harness/fake-telegram.ts'
import type { FakeTelegram } from '../harness/fake-telegram.ts'
import { runScript, tempDir } from './helpers.ts'
import { LEAD_QUERY, VALID_PHONE } from '../harness/sample-leads.ts'
import { startService } from '../harness/service.ts'
import type { Service } from '../harness/service.ts'

const SCRIPT = path.join(import.meta.dirname, '..', 'scripts', 'alert.ts')
const CHAT = '-1001'
const temp = tempDir()
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})
afterAll(() => temp.remove())

/** Runs the command as the timer does, with only the given environment. */
function alert(args: string[], env: Record<string, string>) {
  return runScript(SCRIPT, args, env)
}

async function fakeTelegram(): Promise<FakeTelegram> {
  const fake = await startFakeTelegram()
  cleanups.push(() => fake.close())
  return fake
}

async function service(env: Record<string, string>): Promise<Service> {
  const started = await startService(env)
  cleanups.push(() => started.stop())
  return started
}

/** The service's settings, which the alert reads from the same env file. */
const settings = (fake: FakeTelegram, folder: string, extra: Record<string, string> = {}) => ({
  LEADS_DB: path.join(temp.dir, folder, 'leads.sqlite'),
  TELEGRAM_BOT_TOKEN: fake.token,
  TELEGRAM_CHAT_ID: CHAT,
  TELEGRAM_API_URL: fake.url,
  DIGEST_WEEKDAY: '0',
  // A silent /health is asked again at once: the wait itself is a setting, not what is tested.
  ALERT_RECHECK_S: '0',
  ...extra,
})

const texts = (fake: FakeTelegram) => fake.messages.map((message) => message.text)

it('the service stopped: one alert, none again, and one when it is back', async () => {
  const fake = await fakeTelegram()
  const env = settings(fake, 'stopped')
  const first = await service(env)
  const port = new URL(first.url).port
  const alertEnv = { ...env, LEAD_PORT: port }
  expect(await alert([], alertEnv)).toEqual({
    code: 0,
    stdout: 'alert: all is well; nothing new to post\n',
    stderr: '',
  })

  await first.stop()
  expect(await alert([], alertEnv)).toMatchObject({
    code: 1,
    stdout: 'alert: wrong: down; posted\n',
  })
  expect(texts(fake)).toEqual([
    '<b>Сервис заявок IT Lab</b>\n🔴 Сервис заявок не принимает заявки: ' +
      `нет ответа от http://127.0.0.1:${port}/health (ECONNREFUSED).`,
  ])
  expect(fake.messages[0]?.chatId).toBe(CHAT)
  expect(statSync(path.join(temp.dir, 'stopped', 'alert-state.json')).mode & 0o777).toBe(0o600)

  expect(await alert([], alertEnv)).toMatchObject({
    code: 1,
    stdout: 'alert: wrong: down; nothing new to post\n',
  })
  expect(fake.messages).toHaveLength(1)

  await service({ ...env, LEAD_PORT: port })
  expect(await alert([], alertEnv)).toMatchObject({
    code: 0,
    stdout: 'alert: all is well; posted\n',
  })
  expect(texts(fake)).toHaveLength(2)
  expect(texts(fake)[1]).toMatch(
    /^<b>Сервис заявок IT Lab<\/b>\n✅ Сервис заявок снова отвечает \(не отвечал (меньше минуты|1 мин)\)\.$/,
  )
})

it('Telegram down longer than the threshold: the alert fails loudly, and posts once Telegram is back', async () => {
  const fake = await fakeTelegram()
  // The service retries the lead only after the test: the alert must see it waiting.
  const env = settings(fake, 'telegram-down', {
    ALERT_LEAD_WAIT_S: '1',
    OUTBOX_RETRY_BASE_MS: '600000',
    OUTBOX_RETRY_MAX_MS: '600000',
  })
  const running = await service(env)
  const alertEnv = { ...env, LEAD_PORT: new URL(running.url).port }
  await fake.down()
  const name = 'Анна Тестова'
  const response = await fetch(`${running.url}/send?${LEAD_QUERY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, phone: VALID_PHONE }),
  })
  expect(response.status).toBe(200)
  await expect
    .poll(
      async () =>
        ((await (await fetch(`${running.url}/health`)).json()) as Record<string, number>)
          .oldestPendingAgeS,
      { timeout: 60_000 },
    )
    .toBeGreaterThan(1)

  const refused = await alert([], alertEnv)
  expect(refused.code).toBe(1)
  expect(refused.stdout).toBe('alert: wrong: waiting; not posted\n')
  // One line for the journal, and never the token.
  expect(refused.stderr).toMatch(
    /^alert: could not post to Telegram \(.*ECONNREFUSED.*\); it is posted on a later run\n$/,
  )
  expect(refused.stderr).not.toContain(fake.token)
  expect(fake.messages).toHaveLength(0)

  await fake.up()
  expect(await alert([], alertEnv)).toMatchObject({
    code: 1,
    stdout: 'alert: wrong: waiting; posted\n',
  })
  expect(texts(fake)).toHaveLength(1)
  const text = texts(fake)[0] ?? ''
  expect(text).toMatch(/🟠 Заявка ждёт отправки в этот чат (меньше минуты|1 мин) \(в очереди: 1\)/)
  expect(text).toMatch(/ℹ️ Оповещение опоздало: Telegram не принимал его (меньше минуты|1 мин)\.$/)
  expect(text).not.toContain('Анна')
  expect(text).not.toContain('345-67-89')

  expect(await alert([], alertEnv)).toMatchObject({
    code: 1,
    stdout: 'alert: wrong: waiting; nothing new to post\n',
  })
  expect(fake.messages).toHaveLength(1)
})

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

it("run by the service unit's OnFailure=: says that systemd gave up, from systemctl", async () => {
  const fake = await fakeTelegram()
  const bin = path.join(temp.dir, 'bin')
  mkdirSync(bin)
  // systemctl as systemd answers for a unit that hit its start limit (any other call: an error).
  writeFileSync(
    path.join(bin, 'systemctl'),
    '#!/bin/sh\n' +
      '[ "$*" = "show -p NRestarts -p ActiveState -p Result it-lab-lead-bot.service" ] || exit 64\n' +
      "printf 'NRestarts=9\\nResult=start-limit-hit\\nActiveState=failed\\n'\n",
    { mode: 0o755 },
  )
  const env = {
    ...settings(fake, 'gave-up'),
    LEAD_PORT: String(await closedPort()),
    PATH: `${bin}:${process.env.PATH ?? ''}`,
  }
  expect(await alert(['--unit', 'it-lab-lead-bot.service'], env)).toMatchObject({
    code: 1,
    stdout: 'alert: wrong: down, gave_up; posted\n',
    stderr: '',
  })
  expect(texts(fake)).toHaveLength(1)
  expect(texts(fake)[0]).toContain(
    '\n🔴 systemd перестал перезапускать сервис заявок (it-lab-lead-bot.service: start-limit-hit). ' +
      'Запустите его снова: systemctl restart it-lab-lead-bot.service.',
  )
})

it('refuses to run without the chat to post to, or with a restart count that is not one', async () => {
  const fake = await fakeTelegram()
  // A blank value counts as unset, as in the env file.
  const noChat = { ...settings(fake, 'usage'), TELEGRAM_CHAT_ID: '' }
  expect(await alert([], noChat)).toMatchObject({
    code: 2,
    stderr: 'alert: it posts with TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID: set both\n',
  })
  expect(await alert(['--restarts', 'many'], settings(fake, 'usage'))).toMatchObject({
    code: 2,
    stderr: 'alert: --restarts takes a count, got "many"\n',
  })
  expect(fake.requests).toHaveLength(0)
})
