import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, afterEach, expect, it, vi } from 'vitest'
import { startFakeWebhook } from '../harness/fake-receivers.ts'
import { startFakeTelegram } from '../harness/fake-telegram.ts'
import { mountTmpfs } from '../harness/full-disk.ts'
import type { FakeTelegram } from '../harness/fake-telegram.ts'
import { startSmtp } from '../harness/smtp.ts'
import type { TestSmtp } from '../harness/smtp.ts'
import { eventually, runCli, runScript, tempDir } from './helpers.ts'
import { run } from '../scripts/alert.ts'
import { run as leads } from '../scripts/leads.ts'
import { backupTo } from '../src/store/backups.ts'
import { openLeadStore } from '../src/store/lead-store.ts'
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

/** Runs the command in-process, with only the given environment. */
function alert(args: string[], env: Record<string, string>) {
  return runCli(run, args, env)
}

async function fakeTelegram(): Promise<FakeTelegram> {
  const fake = await startFakeTelegram()
  cleanups.push(() => fake.close())
  return fake
}

async function testSmtp(): Promise<TestSmtp> {
  const smtp = await startSmtp()
  cleanups.push(() => smtp.close())
  return smtp
}

/** The e-mail settings for `smtp`. */
const email = (smtp: TestSmtp) => ({
  SMTP_URL: smtp.url,
  ALERT_EMAIL_TO: 'operator@itlab.example, owner@itlab.example',
})

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
  // The test machine's disk and a backup folder are not what these tests are about.
  ALERT_DISK_FREE_MB: '0',
  ALERT_BACKUP_MAX_AGE_H: '0',
  ...extra,
})

/** Sends one lead as the site does; it is stored (200) whatever its channels then do. */
async function sendLead(serviceUrl: string) {
  const response = await fetch(`${serviceUrl}/send?${LEAD_QUERY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Анна Тестова', phone: VALID_PHONE }),
  })
  expect(response.status).toBe(200)
}

/** What the e-mail tells the operator to run once the cause is fixed, from the server's env file. */
function resendFailed(leadsDb: string, ...args: string[]) {
  const envFile = path.join(path.dirname(leadsDb), 'it-lab.env')
  writeFileSync(envFile, `LEADS_DB=${leadsDb}\n`, { mode: 0o600 })
  return runCli(leads, ['--env-file', envFile, '--resend-failed', ...args], {})
}

/** Each test starts the service and runs the command several times: room for a loaded machine. */
const SPAWNS = { timeout: 120_000 }

const texts = (fake: FakeTelegram) => fake.messages.map((message) => message.text)

it(
  'the service stopped: one alert on each channel, none again, and one when it is back',
  SPAWNS,
  async () => {
    const fake = await fakeTelegram()
    const smtp = await testSmtp()
    const env = settings(fake, 'stopped')
    const first = await service(env)
    const port = new URL(first.url).port
    const alertEnv = { ...env, ...email(smtp), LEAD_PORT: port }
    // As the timer runs it (node scripts/alert.ts): the entry point works.
    expect(await runScript(SCRIPT, [], alertEnv)).toEqual({
      code: 0,
      stdout: 'alert: all is well; nothing new to post\n',
      stderr: '',
    })

    await first.stop()
    expect(await alert([], alertEnv)).toMatchObject({
      code: 1,
      stdout: 'alert: wrong: down; telegram posted, e-mail sent\n',
      stderr: '',
    })
    expect(texts(fake)).toEqual([
      '<b>Сервис заявок IT Lab</b>\n🔴 Сервис заявок не принимает заявки с сайта: он не ' +
        'отвечает. Заявки, отправленные сейчас, не сохраняются.\n' +
        'ℹ️ Администратор сайта получает эти оповещения и по почте, с тем, что сделать.',
    ])
    expect(fake.messages[0]?.chatId).toBe(CHAT)
    expect(smtp.mails).toHaveLength(1)
    const mail = smtp.mails[0]
    // The sender is the SMTP login, as ALERT_EMAIL_FROM's default.
    expect(mail?.from).toBe('alerts@itlab.example')
    expect(mail?.to).toEqual(['operator@itlab.example', 'owner@itlab.example'])
    expect(mail?.subject).toBe('IT Lab: Сервис заявок не принимает заявки с сайта: он не отвечает.')
    expect(mail?.text).toContain(
      `🔴 Сервис заявок не принимает заявки: нет ответа от http://127.0.0.1:${port}/health ` +
        '(ECONNREFUSED). Журнал: journalctl -u it-lab-lead-bot.service -n 100',
    )
    const stateFile = path.join(temp.dir, 'stopped', 'alert-state.json')
    expect(statSync(stateFile).mode & 0o777).toBe(0o600)

    expect(await alert([], alertEnv)).toMatchObject({
      code: 1,
      stdout: 'alert: wrong: down; nothing new to post\n',
    })
    expect(fake.messages).toHaveLength(1)
    expect(smtp.mails).toHaveLength(1)

    await service({ ...env, LEAD_PORT: port })
    expect(await alert([], alertEnv)).toMatchObject({
      code: 0,
      stdout: 'alert: all is well; telegram posted, e-mail sent\n',
    })
    expect(texts(fake)).toHaveLength(2)
    const over =
      /^<b>Сервис заявок IT Lab<\/b>\n✅ Сервис заявок снова отвечает \(не отвечал (меньше минуты|1 мин)\)\.$/
    expect(texts(fake)[1]).toMatch(over)
    expect(smtp.mails[1]?.subject).toMatch(/^IT Lab: Сервис заявок снова отвечает/)
    expect(smtp.mails.map((each) => each.text).join('\n')).not.toContain(smtp.password)
  },
)

it(
  'Telegram refuses the bot (403): the lead is kept, and the e-mail says so at the next run',
  SPAWNS,
  async () => {
    const fake = await fakeTelegram()
    const smtp = await testSmtp()
    fake.setBehaviour({
      kind: 'error',
      status: 403,
      description: 'Forbidden: bot was kicked from the group chat',
    })
    const env = settings(fake, 'kicked', { OUTBOX_POLL_MS: '100' })
    const running = await service(env)
    const alertEnv = { ...env, ...email(smtp), LEAD_PORT: new URL(running.url).port }
    await sendLead(running.url)
    const health = async () =>
      (await (await fetch(`${running.url}/health`)).json()) as Record<string, number>
    // /health takes 120 calls a minute from one address: polled every 250 ms, not every 20.
    const healthBecomes = (expected: Record<string, number>) =>
      vi.waitFor(async () => expect(await health()).toMatchObject(expected), {
        timeout: 30_000,
        interval: 250,
      })
    await healthBecomes({ failed: 1 })

    const refused = await alert([], alertEnv)
    expect(refused).toMatchObject({
      code: 1,
      stdout: 'alert: wrong: failed; telegram not posted, e-mail sent\n',
    })
    expect(refused.stderr).toContain('alert: could not post to Telegram (HTTP 403 Forbidden')
    expect(smtp.mails).toHaveLength(1)
    const text = smtp.mails[0]?.text ?? ''
    expect(smtp.mails[0]?.subject).toBe('IT Lab: Telegram отказался принять заявки (1).')
    expect(text).toContain('🟠 Telegram отказался принять заявки (1); они сохранены.')
    expect(text).toContain(
      '🔴 Telegram не принимает сообщения бота (HTTP 403 Forbidden: bot was kicked from the group ' +
        'chat): это оповещение не дошло до чата, и заявки туда не дойдут.',
    )
    expect(text).not.toContain('Анна')
    expect(text).not.toContain('345-67-89')

    // Told once: the chat is tried again, the e-mail is not sent again.
    expect(await alert([], alertEnv)).toMatchObject({
      code: 1,
      stdout: 'alert: wrong: failed; telegram not posted\n',
    })
    expect(smtp.mails).toHaveLength(1)

    // The bot is back in the chat; the operator sends the lead again as the e-mail says.
    fake.setBehaviour({ kind: 'ok' })
    expect(await resendFailed(env.LEADS_DB)).toMatchObject({
      code: 0,
      stdout: 'Queued for delivery again: 1\n',
    })
    await healthBecomes({ failed: 0, pending: 0 })
    expect(await alert([], alertEnv)).toMatchObject({
      code: 0,
      stdout: 'alert: all is well; telegram posted, e-mail sent\n',
    })
    const chat = texts(fake).filter((message) => message.startsWith('<b>Сервис заявок'))
    expect(chat).toHaveLength(1)
    expect(chat[0]).toMatch(
      /^<b>Сервис заявок IT Lab<\/b>\n⚠️ Было с .*: Telegram отказался принять заявки \(1\)\. Они сохранены на сервере, но сами сюда не придут: нужно исправить настройку бота\.\nℹ️ Оповещение опоздало: Telegram не принимал его (меньше минуты|1 мин)\.$/,
    )
    expect(smtp.mails[1]?.text).toContain(
      '✅ Заявок, которые Telegram отказался принять, больше нет.',
    )
  },
)

it(
  'a webhook that refuses leads: the chat and the e-mail are told once, and told when it is over',
  SPAWNS,
  async () => {
    const fake = await fakeTelegram()
    const smtp = await testSmtp()
    const secret = 'a-webhook-secret-of-more-than-32-characters'
    const webhook = await startFakeWebhook(secret)
    cleanups.push(() => webhook.close())
    webhook.answer(400)
    const env = settings(fake, 'webhook-refuses', {
      OUTBOX_POLL_MS: '100',
      LEAD_WEBHOOK_URL: webhook.url,
      LEAD_WEBHOOK_SECRET: secret,
      LEAD_WEBHOOK_RECEIVER: 'стенд',
    })
    const running = await service(env)
    const alertEnv = { ...env, ...email(smtp), LEAD_PORT: new URL(running.url).port }
    await sendLead(running.url)
    const health = async () =>
      (await (await fetch(`${running.url}/health`)).json()) as {
        channels: Record<string, { pending: number; failed: number }>
      }
    await eventually(
      async () => expect((await health()).channels.webhook).toMatchObject({ failed: 1 }),
      30_000,
    )

    expect(await alert([], alertEnv)).toMatchObject({
      code: 1,
      stdout: 'alert: wrong: channels; telegram posted, e-mail sent\n',
    })
    const chat = texts(fake).filter((message) => message.startsWith('<b>Сервис заявок'))
    expect(chat).toEqual([
      '<b>Сервис заявок IT Lab</b>\n🟠 Заявки доходят не во все каналы (вебхук: отказов: 1). Все ' +
        'они сохранены на сервере: ждущие придут туда сами, отказанные — когда администратор ' +
        'исправит настройку.\nℹ️ Администратор сайта получает эти оповещения и по почте, с тем, ' +
        'что сделать.',
    ])
    expect(smtp.mails[0]?.text).toContain('--resend-failed --channel webhook')
    expect(smtp.mails[0]?.text).not.toContain('Анна')

    // Told once; then the receiver is fixed and the operator resends as the e-mail says.
    expect(await alert([], alertEnv)).toMatchObject({
      code: 1,
      stdout: 'alert: wrong: channels; nothing new to post\n',
    })
    webhook.answer(204)
    expect(await resendFailed(env.LEADS_DB, '--channel', 'webhook')).toMatchObject({
      code: 0,
      stdout: 'Queued for delivery again: 1\n',
    })
    await eventually(
      async () =>
        expect((await health()).channels.webhook).toEqual({
          pending: 0,
          failed: 0,
          oldestPendingAgeS: 0,
        }),
      30_000,
    )
    expect(await alert([], alertEnv)).toMatchObject({
      code: 0,
      stdout: 'alert: all is well; telegram posted, e-mail sent\n',
    })
    expect(texts(fake).at(-1)).toBe(
      '<b>Сервис заявок IT Lab</b>\n✅ Заявки снова доходят во все подключённые каналы.',
    )
  },
)

it(
  'an e-mail server that refuses never holds up the chat; the e-mail follows later',
  SPAWNS,
  async () => {
    const fake = await fakeTelegram()
    const smtp = await testSmtp()
    smtp.refuse(true)
    const env = {
      ...settings(fake, 'smtp-refuses'),
      ...email(smtp),
      LEAD_PORT: String(await closedPort()),
    }
    const first = await alert([], env)
    expect(first).toMatchObject({
      code: 1,
      stdout: 'alert: wrong: down; telegram posted, e-mail not sent\n',
    })
    expect(first.stderr).toMatch(
      /^alert: could not send the e-mail \(.*550.*\); it is sent on a later run\n$/,
    )
    expect(first.stderr).not.toContain(smtp.password)
    expect(fake.messages).toHaveLength(1)

    smtp.refuse(false)
    expect(await alert([], env)).toMatchObject({
      code: 1,
      stdout: 'alert: wrong: down; e-mail sent\n',
      stderr: '',
    })
    expect(fake.messages).toHaveLength(1)
    expect(smtp.mails).toHaveLength(1)
    expect(smtp.mails[0]?.text).toMatch(
      /ℹ️ Письмо опоздало: почтовый сервер не принимал его (меньше минуты|1 мин)\./,
    )
  },
)

it(
  'Telegram down longer than the threshold: the alert fails loudly, and posts once Telegram is back',
  SPAWNS,
  async () => {
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
    expect(refused.stdout).toBe('alert: wrong: waiting; telegram not posted\n')
    // One line for the journal, and never the token.
    expect(refused.stderr).toMatch(
      /^alert: could not post to Telegram \(.*ECONNREFUSED.*\); it is posted on a later run\n$/,
    )
    expect(refused.stderr).not.toContain(fake.token)
    expect(fake.messages).toHaveLength(0)

    await fake.up()
    expect(await alert([], alertEnv)).toMatchObject({
      code: 1,
      stdout: 'alert: wrong: waiting; telegram posted\n',
    })
    expect(texts(fake)).toHaveLength(1)
    const text = texts(fake)[0] ?? ''
    expect(text).toMatch(
      /🟠 Заявка ждёт отправки в этот чат (меньше минуты|1 мин) \(в очереди: 1\)/,
    )
    expect(text).toMatch(
      /\nℹ️ Оповещение опоздало: Telegram не принимал его (меньше минуты|1 мин)\.\n/,
    )
    expect(text).not.toContain('Анна')
    expect(text).not.toContain('345-67-89')

    expect(await alert([], alertEnv)).toMatchObject({
      code: 1,
      stdout: 'alert: wrong: waiting; nothing new to post\n',
    })
    expect(fake.messages).toHaveLength(1)
  },
)

/** A loopback port nothing listens on. */
/**
 * A port where no lead service answers. It stays bound (every connection is dropped) until
 * the test ends: a port merely closed again could be taken by a service another test file
 * starts meanwhile, whose /health would then answer.
 */
async function closedPort(): Promise<number> {
  const server = createServer((socket) => socket.destroy())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => new Promise((resolve) => server.close(resolve)))
  return (server.address() as AddressInfo).port
}

it(
  "run by the service unit's OnFailure=: says that systemd gave up, from systemctl",
  SPAWNS,
  async () => {
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
      stdout: 'alert: wrong: down, gave_up; telegram posted\n',
      stderr: '',
    })
    expect(texts(fake)).toHaveLength(1)
    expect(texts(fake)[0]).toContain(
      '\n🔴 Сервис заявок остановлен: он падал раз за разом, и сервер перестал его перезапускать. ' +
        'Заявки с сайта не принимаются.',
    )
    expect(texts(fake)[0]).not.toContain('systemctl')
  },
)

it(
  'refuses to run without the chat to post to, or with a restart count that is not one',
  SPAWNS,
  async () => {
    const fake = await fakeTelegram()
    // A blank value counts as unset, as in the env file.
    const noChat = { ...settings(fake, 'usage'), TELEGRAM_CHAT_ID: '' }
    expect(await alert([], noChat)).toMatchObject({
      code: 2,
      stderr:
        'alert: it posts with TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID, or e-mails with SMTP_URL ' +
        'and ALERT_EMAIL_TO: set one pair or both\n',
    })
    expect(
      await alert([], { ...noChat, SMTP_URL: 'smtps://a%40b.ru:x@smtp.b.ru:465' }),
    ).toMatchObject({
      code: 2,
      stderr: 'alert: SMTP_URL and ALERT_EMAIL_TO must be set together\n',
    })
    expect(
      await alert([], { ...noChat, SMTP_URL: 'https://smtp.b.ru', ALERT_EMAIL_TO: 'me' }),
    ).toMatchObject({
      code: 2,
      stderr:
        'alert: SMTP_URL must be smtp://[user:password@]host[:port] or smtps://… (URL-encode @ or : ' +
        'in the password), got "https://smtp.b.ru"; ALERT_EMAIL_TO must be e-mail addresses, ' +
        'comma-separated, got "me"\n',
    })
    expect(
      await alert([], { ...noChat, SMTP_URL: 'smtp://smtp.b.ru', ALERT_EMAIL_TO: 'me@b.ru' }),
    ).toMatchObject({
      code: 2,
      stderr: 'alert: ALERT_EMAIL_FROM must be set: the SMTP user is not an e-mail address\n',
    })
    expect(await alert(['--restarts', 'many'], settings(fake, 'usage'))).toMatchObject({
      code: 2,
      stderr: 'alert: --restarts takes a count, got "many"\n',
    })
    expect(fake.requests).toHaveLength(0)
  },
)

it('--test-email sends one e-mail and checks nothing else', SPAWNS, async () => {
  const fake = await fakeTelegram()
  const smtp = await testSmtp()
  const env = {
    ...settings(fake, 'test-email'),
    ...email(smtp),
    ALERT_EMAIL_FROM: 'it-lab@itlab.example',
    LEAD_PORT: String(await closedPort()),
  }
  expect(await alert(['--test-email'], env)).toEqual({
    code: 0,
    stdout: 'alert: test e-mail sent to operator@itlab.example, owner@itlab.example\n',
    stderr: '',
  })
  expect(smtp.mails).toMatchObject([
    { from: 'it-lab@itlab.example', subject: 'IT Lab: проверка почты оповещений' },
  ])
  expect(fake.requests).toHaveLength(0)
  smtp.refuse(true)
  expect(await alert(['--test-email'], env)).toMatchObject({ code: 1 })
})

/** Writes `file` until not one byte more fits. */
function fill(file: string): void {
  const fd = openSync(file, 'w')
  try {
    for (const size of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size, 1)
      try {
        for (;;) writeSync(fd, chunk)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
      }
    }
  } finally {
    closeSync(fd)
  }
}

it(
  'disk low, then full to the last byte: the alert names the folder and posts it once, across runs',
  SPAWNS,
  async () => {
    const fake = await fakeTelegram()
    const smtp = await testSmtp()
    const disk = mountTmpfs(4 * 1024 * 1024)
    cleanups.push(async () => disk.unmount())
    const dir = disk.dir
    const env = {
      ...settings(fake, 'unused'),
      ...email(smtp),
      LEADS_DB: path.join(dir, 'leads.sqlite'),
      LEAD_PORT: String(await closedPort()),
      ALERT_DISK_FREE_MB: '1',
    }
    // The state file is there from the runs before the disk fills (the timer's every 5 minutes).
    expect(await alert([], env)).toMatchObject({
      stdout: 'alert: wrong: down; telegram posted, e-mail sent\n',
    })

    const filler = path.join(dir, 'filler')
    fill(filler)
    expect(statfsSync(dir).bavail).toBe(0)
    expect(await alert([], env)).toMatchObject({
      code: 1,
      stdout: 'alert: wrong: down, disk; telegram posted, e-mail sent\n',
      stderr: '',
    })
    expect(texts(fake)[1]).toContain(
      `🟠 На диске сервера мало места: свободно 0 МБ (папка ${dir}). Когда оно кончится, сайт ` +
        'перестанет принимать заявки.',
    )
    expect(smtp.mails[1]?.text).toContain(`Свободно 0 МБ в ${dir} (порог ALERT_DISK_FREE_MB=1).`)
    for (let run = 0; run < 2; run += 1) {
      expect(await alert([], env)).toMatchObject({
        code: 1,
        stdout: 'alert: wrong: down, disk; nothing new to post\n',
        stderr: '',
      })
    }
    expect(fake.messages).toHaveLength(2)
    expect(smtp.mails).toHaveLength(2)
    expect(statfsSync(dir).bavail).toBe(0)
    expect(JSON.parse(readFileSync(path.join(dir, 'alert-state.json'), 'utf8'))).toMatchObject({
      incidents: { disk: { told: ['telegram', 'email'] } },
    })

    rmSync(filler)
    expect(await alert([], env)).toMatchObject({
      stdout: 'alert: wrong: down; telegram posted, e-mail sent\n',
    })
    expect(texts(fake)[2]).toContain('✅ На диске сервера снова достаточно места.')
  },
)

it(
  'a backup folder whose newest copy is too old is an incident; a fresh copy ends it',
  SPAWNS,
  async () => {
    const fake = await fakeTelegram()
    const env = {
      ...settings(fake, 'backups'),
      LEAD_PORT: String(await closedPort()),
      ALERT_BACKUP_MAX_AGE_H: '26',
    }
    const backups = path.join(temp.dir, 'backups', 'backups')
    mkdirSync(backups, { recursive: true })
    const old = path.join(backups, 'leads-2026-11-20T00-30-00Z.sqlite')
    writeFileSync(old, '')
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000)
    utimesSync(old, twoDaysAgo, twoDaysAgo)
    expect(await alert([], env)).toMatchObject({
      stdout: 'alert: wrong: down, backup; telegram posted\n',
    })
    expect(texts(fake)[0]).toContain('🟠 Последней резервной копии базы заявок 48 ч')
    writeFileSync(path.join(backups, 'leads-2026-11-22T00-30-00Z.sqlite'), '')
    expect(await alert([], env)).toMatchObject({ stdout: 'alert: wrong: down; telegram posted\n' })
    expect(texts(fake)[1]).toContain('✅ Свежая резервная копия базы заявок есть.')
  },
)

it(
  "the deploy's copies do not stand in for the nightly backup: fresh pre-deploy copies and no nightly one is an incident",
  SPAWNS,
  async () => {
    const fake = await fakeTelegram()
    const env = {
      ...settings(fake, 'deploy-copies'),
      LEAD_PORT: String(await closedPort()),
      ALERT_BACKUP_MAX_AGE_H: '26',
    }
    const backups = path.join(temp.dir, 'deploy-copies', 'backups')
    mkdirSync(backups, { recursive: true })
    // A nightly timer broken for two days on a server that deploys every few minutes.
    const nightly = path.join(backups, 'leads-2026-11-20T00-30-00.000Z.sqlite')
    writeFileSync(nightly, '')
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000)
    utimesSync(nightly, twoDaysAgo, twoDaysAgo)
    // Made as the deploy makes them, a minute ago.
    openLeadStore(env.LEADS_DB).close()
    for (const minute of [2, 1]) {
      backupTo(env.LEADS_DB, backups, {
        retentionDays: 180,
        kind: 'pre-deploy',
        now: Date.now() - minute * 60_000,
      })
    }
    expect(await alert([], env)).toMatchObject({
      stdout: 'alert: wrong: down, backup; telegram posted\n',
    })
    expect(texts(fake)[0]).toContain('🟠 Последней резервной копии базы заявок 48 ч')
  },
)
