// `npm run telegram:setup`: finds the id to put in TELEGRAM_CHAT_ID and checks that the bot can
// post there (docs/decisions/0046). It never prints the token and never confirms an update.
import { readFileSync } from 'node:fs'
import { parseArgs, parseEnv as parseDotenv } from 'node:util'
import { envSchema, parseEnv } from '../src/config.ts'
import { createBotApi } from '../src/telegram.ts'
import type { CallResult } from '../src/telegram.ts'
import { plainText } from '../src/plain-text.ts'
import { CliExit, exitCode, runAsProcess } from '../cli/io.ts'
import type { CliIo } from '../cli/io.ts'

const USAGE = `Usage: npm run telegram:setup -- [--env-file FILE] [--chat ID]
  Reads TELEGRAM_BOT_TOKEN (and TELEGRAM_API_URL, TELEGRAM_TIMEOUT_MS) from the environment, or
  from FILE (the service's settings, e.g. /etc/it-lab/lead-bot.env). --token TOKEN overrides
  it, but stays in the shell's history.
  Shows the bot and the chats that wrote to it in the past 24 hours, with their ids. Run it while
  the lead service is stopped: the service reads the messages written to the bot itself.
  --chat ID   sends a test message to chat ID instead`

/**
 * What this run asks Telegram to keep from now on: messages (a private chat, a group, a channel)
 * and the bot being added to a chat, so a chat that writes shows up, plus the presses the service
 * reads, so none made meanwhile is dropped. Telegram keeps the list until the next getUpdates call
 * that gives one: the service's own, at its start.
 */
const SETUP_UPDATES = [
  'message',
  'edited_message',
  'channel_post',
  'my_chat_member',
  'callback_query',
]

/**
 * The service's settings file and unit, as deploy/README.md sets them up (one env file per
 * process, docs/decisions/0083-each-process-its-own-secrets.md).
 */
const SERVICE_ENV_FILE = '/etc/it-lab/lead-bot.env'
const SERVICE_UNIT = 'it-lab-lead-bot'

async function main(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<void> {
  function fail(message: string, code = 1): never {
    io.stderr.write(`${message}\n`)
    throw new CliExit(code)
  }

  function parseOptions() {
    // A group's id starts with a minus, which parseArgs would take for an option: bind it.
    const args = [...argv]
    const chatAt = args.indexOf('--chat')
    if (chatAt >= 0 && chatAt + 1 < args.length) {
      args.splice(chatAt, 2, `--chat=${args[chatAt + 1] ?? ''}`)
    }
    try {
      return parseArgs({
        args,
        options: {
          'env-file': { type: 'string' },
          token: { type: 'string' },
          chat: { type: 'string' },
          help: { type: 'boolean', short: 'h', default: false },
        },
      }).values
    } catch (error) {
      return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2)
    }
  }

  const values = parseOptions()
  if (values.help) {
    io.stdout.write(`${USAGE}\n`)
    return
  }

  function readEnvFile(file: string): Record<string, string> {
    try {
      return parseDotenv(readFileSync(file, 'utf8')) as Record<string, string>
    } catch (error) {
      return fail(
        `Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
        2,
      )
    }
  }

  const envFile = values['env-file']
  /** Where the settings go: the file given, else the service's. */
  const settingsFile = envFile ?? SERVICE_ENV_FILE
  /** This command again, with the same settings file, and `extra`. */
  const again = (extra = '') =>
    `npm run telegram:setup -- --env-file ${settingsFile}${extra === '' ? '' : ` ${extra}`}`

  const settingsEnv: Record<string, string | undefined> = {
    ...env,
    ...(envFile === undefined ? {} : readEnvFile(envFile)),
    ...(values.token === undefined ? {} : { TELEGRAM_BOT_TOKEN: values.token }),
  }
  function readSettings() {
    try {
      return parseEnv(
        envSchema.pick({
          TELEGRAM_BOT_TOKEN: true,
          TELEGRAM_API_URL: true,
          TELEGRAM_TIMEOUT_MS: true,
        }),
        settingsEnv,
      )
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error), 2)
    }
  }

  const settings = readSettings()
  const token = settings.TELEGRAM_BOT_TOKEN
  if (token === undefined) {
    fail(
      `No bot token: set TELEGRAM_BOT_TOKEN, or give --env-file FILE (or --token TOKEN). ` +
        `The token comes from @BotFather in Telegram (/newbot for a new bot; /mybots, the bot, ` +
        `API Token for an existing one): put it in ${settingsFile} as TELEGRAM_BOT_TOKEN=… ` +
        `and run: ${again()}`,
      2,
    )
  }
  const apiUrl = settings.TELEGRAM_API_URL
  const call = createBotApi({ apiUrl, token, timeoutMs: settings.TELEGRAM_TIMEOUT_MS })

  /** One line for a failed call: unreachable, or what Telegram said, and what to do about it. */
  function failed(what: string, result: Extract<CallResult, { ok: false }>, hint: string): never {
    if (result.status === undefined) {
      fail(
        `Cannot reach Telegram at ${apiUrl}: ${result.error}. Check the server's internet ` +
          `connection (and TELEGRAM_API_URL, if set), then run this again.`,
      )
    }
    return fail(`${what}: ${result.error}. ${hint}`)
  }

  /** What to do after a failure a retry may cure (Telegram's 5xx, a 429). */
  const LATER = 'Telegram may be busy: run this again in a minute.'

  const me = await call('getMe', {})
  if (!me.ok) {
    failed(
      'Telegram refused the bot token',
      me,
      me.status === 401 || me.status === 404
        ? `Copy the token again from @BotFather (/mybots, the bot, API Token) into ` +
            `TELEGRAM_BOT_TOKEN in ${settingsFile}, and run this again.`
        : LATER,
    )
  }
  const bot = (me.result ?? {}) as { id?: unknown; first_name?: unknown; username?: unknown }
  io.stdout.write(
    `Bot: @${String(bot.username)} (${String(bot.first_name)}), id ${String(bot.id)}\n`,
  )

  if (values.chat !== undefined) {
    const chat = values.chat
    const sent = await call('sendMessage', {
      chat_id: chat,
      text: `Проверка связи: бот IT Lab пишет в этот чат. Если заявки должны приходить сюда, TELEGRAM_CHAT_ID=${chat}.`,
    })
    if (!sent.ok) {
      failed(
        `Telegram refused the test message to chat ${chat}`,
        sent,
        sent.status === 400 || sent.status === 403
          ? 'Is the bot a member of that chat, and is the whole id copied (a group id starts ' +
              'with -)? Add the bot to the chat (or unblock it), write a message there, and list ' +
              `the chats again: ${again()}`
          : LATER,
      )
    }
    io.stdout.write(
      `Test message sent to chat ${chat}. Put this line in ${settingsFile}:\n` +
        `  TELEGRAM_CHAT_ID=${chat}\n` +
        // The guide runs this before the service exists (deploy/README.md, step 2): both cases.
        'The lead service reads it when it starts: on a new server, go on with the guide; ' +
        `if the service already runs, restart it: systemctl restart ${SERVICE_UNIT}\n`,
    )
    return
  }

  // No offset: Telegram confirms (forgets) an update only when a call gives an offset above its
  // id, so every update, the presses the service has yet to read included, stays for the service.
  const polled = await call('getUpdates', { timeout: 0, allowed_updates: SETUP_UPDATES })
  if (!polled.ok) {
    failed(
      'Telegram refused getUpdates',
      polled,
      polled.status === 409
        ? 'Another getUpdates client (the running lead service) or a webhook is in the way. ' +
            `Stop the service (systemctl stop ${SERVICE_UNIT}; Docker: docker stop ` +
            `${SERVICE_UNIT}), run this again, then start it (systemctl start ${SERVICE_UNIT}).`
        : LATER,
    )
  }

  interface Chat {
    id?: unknown
    type?: unknown
    title?: unknown
    first_name?: unknown
    last_name?: unknown
    username?: unknown
  }

  /** The chat an update comes from, whatever its type. */
  function chatOf(update: Record<string, unknown>): Chat | undefined {
    for (const type of SETUP_UPDATES) {
      const body = update[type] as { chat?: Chat; message?: { chat?: Chat } } | undefined
      const chat = body?.chat ?? body?.message?.chat
      if (chat) return chat
    }
    return undefined
  }

  /** A chat's title or its person's name, as one plain line (a title may hold control characters). */
  function label(chat: Chat): string {
    return plainText(rawLabel(chat))
  }

  function rawLabel(chat: Chat): string {
    if (typeof chat.title === 'string') return `«${chat.title}»`
    const name = [chat.first_name, chat.last_name].filter((part) => typeof part === 'string')
    const username = typeof chat.username === 'string' ? `@${chat.username}` : ''
    return name.length > 0 && username
      ? `${name.join(' ')} (${username})`
      : name.join(' ') || username
  }

  const chats = new Map<string, Chat>()
  for (const update of Array.isArray(polled.result) ? (polled.result as unknown[]) : []) {
    const chat =
      typeof update === 'object' && update !== null
        ? chatOf(update as Record<string, unknown>)
        : undefined
    // A press names its chat by id only: it must not hide the title a message gave.
    if (chat?.id !== undefined)
      chats.set(String(chat.id), { ...chats.get(String(chat.id)), ...chat })
  }

  if (chats.size === 0) {
    io.stdout.write(
      'Nobody wrote to the bot in the past 24 hours (or Telegram kept only button presses for it,\n' +
        'as the running lead service asks; from this run on it keeps messages too).\n' +
        "Write to the bot in a private chat, or add it to the school's group and write there,\n" +
        `then run this again: ${again()}\n`,
    )
    return
  }
  const rows = [...chats].map(([id, chat]) => [id, String(chat.type ?? ''), label(chat)] as const)
  const idWidth = Math.max(...rows.map(([id]) => id.length))
  const typeWidth = Math.max(...rows.map(([, type]) => type.length))
  io.stdout.write('Chats that wrote to the bot in the past 24 hours:\n')
  for (const [id, type, name] of rows) {
    io.stdout.write(`  ${id.padEnd(idWidth)}  ${type.padEnd(typeWidth)}  ${name}\n`)
  }
  io.stdout.write(
    "Send a test message to the school's chat (a group's id starts with a minus); it prints the\n" +
      `line to put in ${settingsFile}:\n` +
      rows.map(([id]) => `  ${again(`--chat ${id}`)}\n`).join(''),
  )
}

/** The command: its exit code (0, 1 when Telegram refused or is unreachable, 2 for usage). */
export function run(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  return exitCode(() => main(argv, env, io))
}

if (import.meta.main) await runAsProcess(run)
