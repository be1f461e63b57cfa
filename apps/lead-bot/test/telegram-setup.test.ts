import { writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeTelegram } from '../harness/fake-telegram.ts'
import type { FakeChat, FakeTelegram } from '../harness/fake-telegram.ts'
import { eventually, runCli, runScript, tempDir } from './helpers.ts'
import { run } from '../scripts/telegram-setup.ts'
import { startService } from '../harness/service.ts'

const SCRIPT = path.join(import.meta.dirname, '..', 'scripts', 'telegram-setup.ts')
const TOKEN = '123:setup-secret'
const temp = tempDir()
let fake: FakeTelegram

beforeAll(async () => {
  fake = await startFakeTelegram(TOKEN)
})
afterAll(async () => {
  await fake.close()
  temp.remove()
})

/** Runs the command in-process, with only the given environment. */
function setup(args: string[], env: Record<string, string> = {}) {
  return runCli(run, args, env)
}

const withToken = (token = TOKEN) => ({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_URL: fake.url })

const GROUP: FakeChat = { id: -1001234567890, type: 'supergroup', title: 'Заявки IT Lab' }
const OWNER: FakeChat = {
  id: 123456789,
  type: 'private',
  first_name: 'Анна',
  last_name: 'Петрова',
  username: 'anna',
}

describe('npm run telegram:setup', () => {
  it('lists the chats that wrote to the bot, and leaves every update to the lead service', async () => {
    // The service ran first: it asked Telegram for button presses and messages (a parent's
    // /start, docs/decisions/0103), and confirmed whatever it read.
    const envFile = path.join(temp.dir, 'lead-bot.env')
    writeFileSync(envFile, `TELEGRAM_BOT_TOKEN=${TOKEN}\nTELEGRAM_API_URL=${fake.url}\n`)
    const serviceEnv = {
      LEADS_DB: path.join(temp.dir, 'leads.sqlite'),
      ...withToken(),
      TELEGRAM_CHAT_ID: String(GROUP.id),
      DIGEST_WEEKDAY: '0',
    }
    const first = await startService(serviceEnv)
    await eventually(() => expect(fake.pollOffsets.length).toBeGreaterThan(0))
    await first.stop()

    const empty = await setup(['--env-file', envFile])
    expect(empty.code).toBe(0)
    expect(empty.stdout).toContain('Bot: @itlab_test_bot (IT Lab), id 4242')
    expect(empty.stdout).toContain('Nobody wrote to the bot in the past 24 hours')
    expect(empty.stdout).toContain(
      `then run this again: npm run telegram:setup -- --env-file ${envFile}\n`,
    )

    // This run asked Telegram to keep messages: now a chat that writes shows up.
    expect(fake.chatMessage(GROUP, 'привет')).not.toBeNull()
    expect(fake.chatMessage(OWNER, '/start')).not.toBeNull()
    fake.press({ chatId: GROUP.id, messageId: 99, data: 's:1:c' })
    const listed = await setup(['--env-file', envFile])
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/^ {2}-1001234567890 {2}supergroup {2}«Заявки IT Lab»$/m)
    expect(listed.stdout).toMatch(/^ {2}123456789 {7}private {5}Анна Петрова \(@anna\)$/m)
    // The exact command for each chat's test message.
    expect(listed.stdout).toContain(
      `  npm run telegram:setup -- --env-file ${envFile} --chat -1001234567890\n` +
        `  npm run telegram:setup -- --env-file ${envFile} --chat 123456789\n`,
    )
    expect(`${listed.stdout}${listed.stderr}${empty.stdout}${empty.stderr}`).not.toContain(TOKEN)
    // Nothing was confirmed: a second run sees the same chats …
    expect((await setup(['--env-file', envFile])).stdout).toContain('«Заявки IT Lab»')
    expect(fake.pollOffsets.slice(-2)).toEqual([0, 0])

    // … and the press waiting for the service reaches it when it starts again.
    const second = await startService(serviceEnv)
    await eventually(() =>
      expect(fake.answers.map((answer) => answer.callbackQueryId)).toEqual(['cb1']),
    )
    await second.stop()
  })

  it('--chat sends a test message there, prints the line for the settings file, and a hint for a new server and a running service', async () => {
    // As `npm run telegram:setup` runs it (node scripts/telegram-setup.ts): the entry point works.
    const { code, stdout } = await runScript(SCRIPT, ['--chat', '-100555'], withToken())
    expect(code).toBe(0)
    expect(stdout).toContain(
      'Test message sent to chat -100555. Put this line in /etc/it-lab/lead-bot.env:\n' +
        '  TELEGRAM_CHAT_ID=-100555\n' +
        'The lead service reads it when it starts: on a new server, go on with the guide; ' +
        'if the service already runs, restart it: systemctl restart it-lab-lead-bot\n',
    )
    expect(fake.messages.at(-1)).toMatchObject({
      chatId: '-100555',
      text: expect.stringContaining('TELEGRAM_CHAT_ID=-100555'),
    })
  })

  it('says in one line why a test message was refused', async () => {
    fake.queue({ kind: 'error', status: 400, description: 'Bad Request: chat not found' })
    const { code, stderr } = await setup(['--chat', '-100404'], withToken())
    expect(code).toBe(1)
    expect(stderr).toBe(
      'Telegram refused the test message to chat -100404: HTTP 400 Bad Request: chat not found. ' +
        'Is the bot a member of that chat, and is the whole id copied (a group id starts with -)? ' +
        'Add the bot to the chat (or unblock it), write a message there, and list the chats ' +
        'again: npm run telegram:setup -- --env-file /etc/it-lab/lead-bot.env\n',
    )
  })

  it('a 409 (the lead service polling): the exact commands to stop it and start it again', async () => {
    fake.queueUpdatesError({ kind: 'error', status: 409, description: 'Conflict' })
    const { code, stderr } = await setup([], withToken())
    expect(code).toBe(1)
    expect(stderr).toBe(
      'Telegram refused getUpdates: HTTP 409 Conflict. Another getUpdates client (the running ' +
        'lead service) or a webhook is in the way. Stop the service (systemctl stop ' +
        'it-lab-lead-bot; Docker: docker stop it-lab-lead-bot), run this again, then start it ' +
        '(systemctl start it-lab-lead-bot).\n',
    )
  })

  it('Telegram failing (5xx): try again in a minute', async () => {
    fake.queueUpdatesError({ kind: 'error', status: 502, description: 'Bad Gateway' })
    const { code, stderr } = await setup([], withToken())
    expect(code).toBe(1)
    expect(stderr).toBe(
      'Telegram refused getUpdates: HTTP 502 Bad Gateway. ' +
        'Telegram may be busy: run this again in a minute.\n',
    )
  })

  it('a bad token: one line naming the 401, never the token', async () => {
    const { code, stdout, stderr } = await setup([], withToken('999:wrong-secret'))
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toBe(
      'Telegram refused the bot token: HTTP 401 Unauthorized. Copy the token again from ' +
        '@BotFather (/mybots, the bot, API Token) into TELEGRAM_BOT_TOKEN in ' +
        '/etc/it-lab/lead-bot.env, and run this again.\n',
    )
  })

  it('Telegram unreachable: one line naming the address and the network error', async () => {
    // A port nobody listens on: in this process, the fake's own port may still have a kept-alive
    // connection, which fails as "closed", not refused.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
    await new Promise((resolve) => closed.close(resolve))
    const { code, stderr } = await setup([], { ...withToken(), TELEGRAM_API_URL: url })
    expect(code).toBe(1)
    expect(stderr).toMatch(
      new RegExp(
        `^Cannot reach Telegram at ${url}: .*ECONNREFUSED.*Check the server's internet ` +
          'connection \\(and TELEGRAM_API_URL, if set\\), then run this again\\.\\n$',
      ),
    )
    expect(stderr).not.toContain(TOKEN)
  })

  it('no token: says where it looks for one', async () => {
    const { code, stderr } = await setup([])
    expect(code).toBe(2)
    expect(stderr).toContain('No bot token: set TELEGRAM_BOT_TOKEN, or give --env-file FILE')
    expect(stderr).toContain('The token comes from @BotFather in Telegram (/newbot')
    expect(stderr).toContain(
      'put it in /etc/it-lab/lead-bot.env as TELEGRAM_BOT_TOKEN=… and run: ' +
        'npm run telegram:setup -- --env-file /etc/it-lab/lead-bot.env\n',
    )
  })
})
