// The service's Telegram side on a fake Bot API, on a real SQLite file with an injected clock: the
// updates poller with the parents' chat, the trial reminders and the outbox, as main.ts wires them.
// The trials' tests (reminders, the offers of a freed seat) start and stop it here.
import path from 'node:path'
import { afterEach } from 'vitest'
import type { GroupEntry, TrialBooking } from '@it-lab/shared/content'
import { startFakeTelegram } from '../harness/fake-telegram.ts'
import type { FakeTelegram } from '../harness/fake-telegram.ts'
import { createOutbox } from '../src/outbox.ts'
import type { DeliveryLoop } from '../src/retry.ts'
import { openLeadStore } from '../src/store/lead-store.ts'
import type { LeadStore } from '../src/store/lead-store.ts'
import { createTelegramClient } from '../src/telegram.ts'
import { createUpdatesPoller } from '../src/updates.ts'
import type { UpdatesPoller } from '../src/updates.ts'
import { createWaitlistOffers } from '../src/trials/offers.ts'
import { createParentChat } from '../src/trials/parent-chat.ts'
import { createTrialReminders } from '../src/trials/reminders.ts'
import { createSeats } from '../src/trials/seats.ts'
import { createWaitlist } from '../src/trials/waitlist.ts'
import { recordingLog } from './helpers.ts'
import type { RecordingLog } from './helpers.ts'

/** The desk's chat id the bot is given. */
export const DESK_CHAT = '42'

export interface Bot {
  fake: FakeTelegram
  dbPath: string
  store: LeadStore
  poller: UpdatesPoller
  reminders: DeliveryLoop
  outbox: DeliveryLoop
  log: RecordingLog
  clock: number
  /** Moves the clock and lets the reminders do what is due then. */
  at(time: number): Promise<void>
}

export interface BotOptions {
  /** A database to open again (a restart); a new one in the file's folder otherwise. */
  dbPath?: string
  store?: LeadStore
  /** The Bot API of a bot started before (a restart); a new fake otherwise. */
  fake?: FakeTelegram
  now?: number
  /** With `seats`: the offers of a freed seat, on unless false. */
  offers?: boolean
}

export interface BotSetup {
  /** Where new databases go. */
  dir: string
  booking: TrialBooking
  groupOf: (id: string) => GroupEntry | undefined
  address: string
  /** The clock's time unless a bot is started at another. */
  start: number
  /** Groups whose seats are counted: the waitlist and the offers of a freed seat. */
  seats?: GroupEntry[]
}

/**
 * Bots for one test file: `startBot` starts one; `stop` stops one early (a restart); every bot and
 * fake Bot API still running is stopped after each test.
 */
export function telegramBots(setup: BotSetup): {
  startBot(options?: BotOptions): Promise<Bot>
  stop(bot: Bot): Promise<void>
} {
  let dbNumber = 0
  const fakes: FakeTelegram[] = []
  const running = new Set<Bot>()
  const place = { groupOf: setup.groupOf, address: setup.address }

  async function stop(bot: Bot): Promise<void> {
    running.delete(bot)
    await bot.poller.stop()
    await bot.reminders.stop()
    await bot.outbox.stop()
    bot.store.close()
  }

  afterEach(async () => {
    for (const bot of [...running]) await stop(bot)
    for (const fake of fakes.splice(0)) await fake.close()
  })

  async function startBot(options: BotOptions = {}): Promise<Bot> {
    const fake = options.fake ?? (await startFakeTelegram())
    if (!options.fake) fakes.push(fake)
    const dbPath = options.dbPath ?? path.join(setup.dir, `bot-${(dbNumber += 1)}.sqlite`)
    const store = options.store ?? openLeadStore(dbPath)
    const log = recordingLog()
    const telegram = createTelegramClient({
      apiUrl: fake.url,
      token: fake.token,
      chatId: DESK_CHAT,
      timeoutMs: 2_000,
      sendTimeoutMs: 2_000,
    })
    const clock = options.now ?? setup.start
    const now = () => bot.clock
    const seats =
      setup.seats === undefined ? undefined : createSeats(store, setup.seats, setup.booking, clock)
    const policy = { pollMs: 60_000, retryBaseMs: 10, retryMaxMs: 100, sendIntervalMs: 0 }
    const outbox = createOutbox({
      store,
      telegram,
      config: { ...policy, notify: 'full' },
      log,
      ...(seats === undefined ? {} : { waitlist: createWaitlist(store, seats) }),
      now,
    })
    const offers =
      seats === undefined || options.offers === false
        ? {}
        : { offers: createWaitlistOffers(store, seats) }
    const reminders = createTrialReminders({
      store,
      telegram,
      times: setup.booking,
      place,
      config: policy,
      log,
      ...offers,
      now,
    })
    const poller = createUpdatesPoller({
      store,
      telegram,
      chatId: DESK_CHAT,
      log,
      onStatus: () => outbox.wake(),
      parentChat: createParentChat({
        store,
        telegram,
        booking: setup.booking,
        groupOf: setup.groupOf,
        place,
        log,
        onChange: () => {
          outbox.wake()
          reminders.wake()
        },
        now,
      }),
      pollTimeoutS: 5,
      retryBaseMs: 10,
      retryMaxMs: 100,
      now,
    })
    const bot: Bot = {
      fake,
      dbPath,
      store,
      poller,
      reminders,
      outbox,
      log,
      clock,
      async at(time) {
        bot.clock = time
        reminders.wake()
        await reminders.idle()
      },
    }
    running.add(bot)
    outbox.start()
    reminders.start()
    poller.start()
    return bot
  }

  return { startBot, stop }
}
