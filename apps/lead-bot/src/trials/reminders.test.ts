// The reminders a parent asks for, against the fake Bot API on a real SQLite file with an injected
// clock: her link's /start, the bot's offer and her agreement, /stop, the reminders the evening
// before and hours before, their buttons moving and cancelling, a restart and a full disk.
import path from 'node:path'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { TRIAL_BOOKING_DEFAULTS } from '@it-lab/shared/content'
import { startFakeTelegram } from '../../harness/fake-telegram.ts'
import type { FakeTelegram, ReceivedMessage } from '../../harness/fake-telegram.ts'
import { TEST_CONSENT, courseTitle } from '../../harness/sample-leads.ts'
import {
  eventually,
  MEMORY_DIR,
  recordingLog,
  tempDir,
  madeUpSaturdays,
} from '../../test/helpers.ts'
import { DESK_CHAT, telegramBots } from '../../test/telegram-bot.ts'
import type { Bot } from '../../test/telegram-bot.ts'
import { openLeadStore } from '../store/lead-store.ts'
import type { LeadStore } from '../store/lead-store.ts'
import { createTelegramClient } from '../telegram.ts'
import { newTrialToken } from './booking.ts'
import { askBotName, reminderLink } from './reminder-link.ts'
import {
  LINK_INVALID_TEXT,
  hoursText,
  offerText,
  readSchoolAddress,
  parsePress,
  pressData,
  STALE_TEXT,
} from './reminder-words.ts'
import { reminderWindows } from './reminders.ts'

const temp = tempDir('lead-bot-reminders-', MEMORY_DIR)
afterAll(() => temp.remove())

const HER_CHAT = 5_550_001
const MINUTE = 60_000
const HOUR = 60 * MINUTE

// A made-up group (the shipped ones are samples the owner deletes): Saturdays at 10:00.
const { group: saturdays, groupOf } = madeUpSaturdays()
const booking = { ...TRIAL_BOOKING_DEFAULTS, closedDays: [] }
const place = { groupOf, address: 'г. Астрахань, ул. Образцовая, д. 1' }

/** Thursday 26 November 2026, 12:00 in Astrakhan: she books Saturday's lesson. */
const THURSDAY_NOON = Date.parse('2026-11-26T08:00:00Z')
const LESSON = '2026-11-28T10:00'
/** Friday 19:00 and Saturday 07:00, school time. */
const EVENING_DUE = Date.parse('2026-11-27T15:00:00Z')
const HOURS_DUE = Date.parse('2026-11-28T03:00:00Z')

const SECRET_NAME = 'Секретная Фамилия'
const SECRET_PHONE = '+7 (987) 654-32-10'

const { startBot, stop } = telegramBots({
  dir: temp.dir,
  booking,
  groupOf,
  address: place.address,
  start: THURSDAY_NOON,
})

/** A lead that booked Saturday's trial; her page's token. */
function book(store: LeadStore, at: string | null = LESSON, now = THURSDAY_NOON) {
  const { token, hash } = newTrialToken()
  const lead = store.insert(
    {
      name: SECRET_NAME,
      phone: SECRET_PHONE,
      form: 'feedback',
      consentVersion: TEST_CONSENT,
      course: 4,
      group: saturdays.id,
      trialAt: at ?? undefined,
      trial: { tokenHash: hash, group: saturdays.id, at, state: 'booked' },
    },
    now,
  )
  return { token, leadId: lead.id }
}

const toHer = (fake: FakeTelegram) => fake.messages.filter((sent) => sent.chatId === HER_CHAT)

function buttons(message: ReceivedMessage | undefined): { text: string; callback_data: string }[] {
  const markup = message?.replyMarkup as
    { inline_keyboard: { text: string; callback_data: string }[][] } | undefined
  return markup?.inline_keyboard.flat() ?? []
}

/** Presses the button named `text` under `message`, in her chat. */
function press(fake: FakeTelegram, message: ReceivedMessage | undefined, text: string): number {
  const button = buttons(message).find((entry) => entry.text === text)
  if (!message || !button) throw new Error(`no button «${text}»`)
  return fake.press({ chatId: HER_CHAT, messageId: message.messageId, data: button.callback_data })
}

const HER = { id: HER_CHAT, type: 'private' as const, first_name: 'Анна' }

/** Her link opened, Start pressed, and «Да, напоминать» pressed: reminders on. */
async function linkHer(bot: Bot, token: string): Promise<void> {
  bot.fake.chatMessage(HER, `/start ${token}`)
  const offer = await eventually(() => {
    const message = toHer(bot.fake).at(-1)
    expect(buttons(message).map((button) => button.text)).toEqual(['Да, напоминать'])
    return message
  })
  press(bot.fake, offer, 'Да, напоминать')
  await eventually(() => expect(offer?.text).toMatch(/^Готово: напомню/))
}

describe('her link to the bot', () => {
  it('is a deep link with her page’s token, only to a bot Telegram named', () => {
    const { token } = newTrialToken()
    expect(reminderLink(token, 'itlab_school_bot')).toBe(
      `https://t.me/itlab_school_bot?start=${token}`,
    )
    expect(reminderLink(token, undefined)).toBeUndefined()
    expect(reminderLink(token, 'evil.example/x')).toBeUndefined()
    expect(reminderLink('../etc', 'itlab_school_bot')).toBeUndefined()
  })

  it('the bot’s name comes from Telegram, asked again until it answers', async () => {
    const fake = await startFakeTelegram()
    onTestFinished(() => fake.close())
    const telegram = createTelegramClient({
      apiUrl: fake.url,
      token: fake.token,
      chatId: DESK_CHAT,
      timeoutMs: 2_000,
      sendTimeoutMs: 2_000,
    })
    await fake.down()
    const log = recordingLog()
    const name = askBotName(telegram, { retryBaseMs: 10, retryMaxMs: 20 }, log)
    await eventually(() =>
      expect(log.entries.map((entry) => entry.message)).toContain(
        "the bot's username is not known yet: her page shows no reminder link until it is",
      ),
    )
    expect(name.username).toBeUndefined()
    await fake.up()
    await eventually(() => expect(name.username).toBe('itlab_test_bot'))
    name.stop()
  })

  it('a reminder’s address is the school’s street from its facts, or none while they are broken', () => {
    expect(readSchoolAddress()).toMatch(/^г\. \S.*, \S/)
    expect(readSchoolAddress(temp.dir)).toBeUndefined()
  })

  it('says the hours in Russian, and tells a parent on the waiting list she is on it', () => {
    expect([1, 2, 3, 5, 11, 12].map(hoursText)).toEqual([
      '1 час',
      '2 часа',
      '3 часа',
      '5 часов',
      '11 часов',
      '12 часов',
    ])
    const waiting = { group: saturdays.id, at: LESSON, course: 4, state: 'waiting' } as const
    expect(offerText(waiting, booking, place).split('\n')[0]).toBe(
      'Здравствуйте! Вы в листе ожидания на пробный урок:',
    )
  })

  it('Start: the bot first says what it will send and how to stop; only her «Да» stores her chat', async () => {
    const bot = await startBot()
    const { token, leadId } = book(bot.store)
    bot.fake.chatMessage(HER, `/start ${token}`)
    const offer = await eventually(() => {
      const message = toHer(bot.fake)[0]
      expect(message).toBeDefined()
      return message
    })
    expect(offer?.text.split('\n')).toEqual([
      'Здравствуйте! Вы записаны на пробный урок:',
      '',
      `<b>Пробный урок:</b> ${courseTitle(4)}, группа Сб 10:00–11:30`,
      '<b>Когда:</b> сб 28 ноября, 10:00',
      '<b>Где:</b> г. Астрахань, ул. Образцовая, д. 1, кабинет 2',
      '',
      'Я напомню об этом уроке накануне в 19:00 и за 3 часа до начала, и в напоминании можно будет перенести урок или отказаться от него. Больше ничего присылать не буду.',
      'Чтобы отказаться от напоминаний, отправьте /stop.',
    ])
    expect(buttons(offer).map((button) => button.text)).toEqual(['Да, напоминать'])
    expect(bot.store.trialOfLead(leadId)?.telegramChatId).toBeNull()

    press(bot.fake, offer, 'Да, напоминать')
    await eventually(() => expect(bot.store.trialOfLead(leadId)?.telegramChatId).toBe(HER_CHAT))
    await eventually(() =>
      expect(offer?.text).toBe(
        'Готово: напомню накануне в 19:00 и за 3 часа до начала. Чтобы отказаться от напоминаний, отправьте /stop.',
      ),
    )
    expect(buttons(offer)).toEqual([])
    // The press is answered after the message is edited.
    await eventually(() => expect(bot.fake.answers.at(-1)?.text).toBe('Напоминания включены'))
  })

  it('an unknown, malformed or cancelled link gets the same neutral answer, and stores nothing', async () => {
    const bot = await startBot()
    const cancelled = book(bot.store)
    bot.store.cancelTrial(cancelled.leadId, THURSDAY_NOON)
    const past = book(bot.store, '2026-11-21T10:00', THURSDAY_NOON - 7 * 24 * HOUR)
    for (const payload of [
      newTrialToken().token,
      'not-a-token',
      cancelled.token,
      past.token,
      `${cancelled.token}x`,
    ]) {
      bot.fake.chatMessage(HER, `/start ${payload}`)
    }
    await eventually(() => expect(toHer(bot.fake)).toHaveLength(5))
    expect(new Set(toHer(bot.fake).map((sent) => sent.text))).toEqual(new Set([LINK_INVALID_TEXT]))
    expect(toHer(bot.fake).flatMap(buttons)).toEqual([])
    expect(bot.store.trialsOfChat(HER_CHAT)).toEqual([])
    // A forged «Да» carrying a token that opens nothing links nothing either.
    bot.fake.press({ chatId: HER_CHAT, messageId: 1, data: pressData.link(cancelled.token) })
    await eventually(() => expect(bot.fake.answers).toHaveLength(1))
    expect(bot.store.trialsOfChat(HER_CHAT)).toEqual([])
  })

  it('/stop ends the reminders and says so; another /stop says there is nothing to stop', async () => {
    const bot = await startBot()
    const { token, leadId } = book(bot.store)
    await linkHer(bot, token)
    bot.fake.chatMessage(HER, '/stop')
    await eventually(() =>
      expect(toHer(bot.fake).at(-1)?.text).toBe(
        'Готово: напоминаний больше не будет. Ваша запись на пробный урок осталась как была.',
      ),
    )
    expect(bot.store.trialOfLead(leadId)).toMatchObject({ telegramChatId: null, state: 'booked' })
    bot.fake.chatMessage(HER, '/stop')
    await eventually(() =>
      expect(toHer(bot.fake).at(-1)?.text).toBe(
        'Напоминания в этом чате не включены: присылать нечего.',
      ),
    )
    await bot.at(EVENING_DUE)
    await bot.at(HOURS_DUE)
    expect(toHer(bot.fake).filter((sent) => sent.text.startsWith('Напоминаю'))).toEqual([])
  })

  it('anything else in a private chat is told what the bot is, once in a while; the desk works as before', async () => {
    const bot = await startBot()
    bot.fake.chatMessage(HER, 'Здравствуйте, а сколько стоит?')
    bot.fake.chatMessage(HER, 'Алло?')
    bot.fake.chatMessage({ id: -100777, type: 'supergroup', title: 'Чужая группа' }, '/start')
    // The desk: a lead delivered to the school's chat, a status pressed there.
    const lead = bot.store.insert(
      { name: 'Пётр', phone: SECRET_PHONE, form: 'feedback', consentVersion: TEST_CONSENT },
      bot.clock,
    )
    bot.outbox.wake()
    const card = await eventually(() => {
      const message = bot.fake.messages.find((sent) => sent.chatId === DESK_CHAT)
      expect(message).toBeDefined()
      return message
    })
    bot.fake.press({
      chatId: Number(DESK_CHAT),
      messageId: card?.messageId ?? 0,
      data: `s:${lead.id}:c`,
    })
    await eventually(() =>
      expect(bot.store.statusHistory(lead.id).map(({ status }) => status)).toEqual(['called']),
    )
    expect(toHer(bot.fake).map((sent) => sent.text)).toEqual([
      'Этот бот напоминает о пробном уроке тем, кто попросил об этом на странице своей записи. Чтобы отказаться от напоминаний, отправьте /stop.',
    ])
    expect(bot.fake.messages.filter((sent) => sent.chatId === -100777)).toEqual([])
  })

  it('a flood of private messages gets at most 30 answers a minute', async () => {
    const bot = await startBot()
    for (let chat = 1; chat <= 40; chat += 1) {
      bot.fake.chatMessage({ id: 7_000_000 + chat, type: 'private' }, `/start ${'A'.repeat(22)}`)
    }
    await eventually(() => expect(bot.store.updatesOffset()).toBeGreaterThan(0))
    await eventually(() =>
      expect(bot.log.entries.map((entry) => entry.message)).toContain(
        'too many private messages to the bot: the rest of this minute is ignored',
      ),
    )
    await eventually(() => expect(bot.fake.pollOffsets.at(-1)).toBe(bot.store.updatesOffset()))
    expect(bot.fake.messages).toHaveLength(30)
    // The next minute, the bot answers again.
    bot.clock += MINUTE
    bot.fake.chatMessage(HER, '/stop')
    await eventually(() => expect(bot.fake.messages).toHaveLength(31))
  })

  it('a confirmation Telegram serves again is applied once', async () => {
    const bot = await startBot()
    const { token } = book(bot.store)
    bot.fake.chatMessage(HER, `/start ${token}`)
    const offer = await eventually(() => {
      const message = toHer(bot.fake)[0]
      expect(message).toBeDefined()
      return message
    })
    const updateId = press(bot.fake, offer, 'Да, напоминать')
    await eventually(() => expect(bot.fake.answers).toHaveLength(1))
    // Served again once the poller waits with the offset past it: a redelivery before that call
    // would be confirmed away by it, as Telegram does (the drill would then wait in vain).
    await eventually(() => expect(bot.fake.pollOffsets.at(-1)).toBeGreaterThan(updateId))
    bot.fake.redeliver(updateId)
    await eventually(() =>
      expect(bot.log.entries.map((entry) => entry.message)).toContain(
        'update served again by Telegram: already applied, ignored',
      ),
    )
    expect(bot.fake.answers).toHaveLength(1)
  })
})

/** The reminders her chat got, in order. */
const remindersTo = (fake: FakeTelegram) =>
  toHer(fake).filter((sent) => sent.text.startsWith('Напоминаю'))

describe('the reminders', () => {
  it('windows: the evening before and hours before, each at most an hour late, never after the lesson began', () => {
    expect(reminderWindows(LESSON, booking)).toEqual([
      { kind: 'evening', dueAt: EVENING_DUE, until: EVENING_DUE + HOUR },
      { kind: 'hours', dueAt: HOURS_DUE, until: HOURS_DUE + HOUR },
    ])
    // An early lesson whose second reminder is due before the evening one: that one alone.
    expect(
      reminderWindows('2026-11-28T08:00', { remindEvening: '21:00', remindHoursBefore: 12 }),
    ).toEqual([
      {
        kind: 'hours',
        dueAt: Date.parse('2026-11-27T16:00:00Z'),
        until: Date.parse('2026-11-27T17:00:00Z'),
      },
    ])
    // A late evening reminder stops at midnight; a second one an hour before stops at the lesson.
    expect(
      reminderWindows('2026-11-28T10:00', { remindEvening: '23:30', remindHoursBefore: 1 }),
    ).toEqual([
      {
        kind: 'evening',
        dueAt: Date.parse('2026-11-27T19:30:00Z'),
        until: Date.parse('2026-11-27T20:00:00Z'),
      },
      {
        kind: 'hours',
        dueAt: Date.parse('2026-11-28T05:00:00Z'),
        until: Date.parse('2026-11-28T06:00:00Z'),
      },
    ])
  })

  it('the evening before and hours before, once each, with the lesson and the buttons, and no name or phone', async () => {
    const bot = await startBot()
    const { token, leadId } = book(bot.store)
    await linkHer(bot, token)
    await bot.at(EVENING_DUE - MINUTE)
    expect(remindersTo(bot.fake)).toEqual([])

    await bot.at(EVENING_DUE)
    expect(remindersTo(bot.fake).map((sent) => sent.text.split('\n'))).toEqual([
      [
        'Напоминаю: завтра в 10:00 пробный урок.',
        '',
        `<b>Пробный урок:</b> ${courseTitle(4)}, группа Сб 10:00–11:30`,
        '<b>Когда:</b> сб 28 ноября, 10:00',
        '<b>Где:</b> г. Астрахань, ул. Образцовая, д. 1, кабинет 2',
        '',
        'Если планы изменились, нажмите кнопку ниже.',
      ],
    ])
    expect(buttons(remindersTo(bot.fake)[0])).toEqual([
      { text: 'Перенести', callback_data: pressData.askMove(leadId, LESSON) },
      { text: 'Не смогу', callback_data: pressData.askCancel(leadId, LESSON) },
    ])
    await bot.at(EVENING_DUE + 30 * MINUTE)
    await bot.at(HOURS_DUE - MINUTE)
    expect(remindersTo(bot.fake)).toHaveLength(1)

    await bot.at(HOURS_DUE)
    expect(remindersTo(bot.fake).map((sent) => sent.text.split('\n')[0])).toEqual([
      'Напоминаю: завтра в 10:00 пробный урок.',
      'Напоминаю: сегодня в 10:00 пробный урок, ждём вас.',
    ])
    await bot.at(HOURS_DUE + 2 * HOUR)
    expect(remindersTo(bot.fake)).toHaveLength(2)
    for (const sent of toHer(bot.fake)) {
      expect(sent.text).not.toContain('Секретная')
      expect(sent.text.replace(/\D/g, '')).not.toContain('9876543210')
    }
  })

  it('a reminder whose moment passed (the server was down) is skipped, not sent late', async () => {
    const first = await startBot()
    const { token } = book(first.store)
    await linkHer(first, token)
    await stop(first)
    // Down through Friday evening: up again at 21:00, two hours after the evening reminder.
    const restarted = await startBot({ dbPath: first.dbPath, fake: first.fake })
    await restarted.at(EVENING_DUE + 2 * HOUR)
    expect(remindersTo(first.fake)).toEqual([])
    await restarted.at(HOURS_DUE + 10 * MINUTE)
    expect(remindersTo(first.fake).map((sent) => sent.text.split('\n')[0])).toEqual([
      'Напоминаю: сегодня в 10:00 пробный урок, ждём вас.',
    ])
  })

  it('asked for after the evening reminder’s time: that one is not sent, her confirmation said it', async () => {
    const bot = await startBot({ now: EVENING_DUE + 10 * MINUTE })
    const { token } = book(bot.store)
    await linkHer(bot, token)
    await bot.at(EVENING_DUE + 20 * MINUTE)
    expect(remindersTo(bot.fake)).toEqual([])
    await bot.at(HOURS_DUE)
    expect(remindersTo(bot.fake)).toHaveLength(1)
  })

  it('never twice across a restart: a new process on the same file sends nothing again', async () => {
    const first = await startBot()
    const { token, leadId } = book(first.store)
    await linkHer(first, token)
    await first.at(EVENING_DUE)
    expect(remindersTo(first.fake)).toHaveLength(1)
    await stop(first)

    const restarted = await startBot({ dbPath: first.dbPath, fake: first.fake, now: EVENING_DUE })
    await restarted.at(EVENING_DUE + MINUTE)
    expect(remindersTo(first.fake)).toHaveLength(1)
    await stop(restarted)

    // A crash after the claim was written, before the send: not sent after the restart either.
    const claimer = openLeadStore(first.dbPath)
    expect(
      claimer.claimTrialReminder(
        { leadId, at: LESSON, kind: 'hours', dueAt: HOURS_DUE },
        HOURS_DUE,
      ),
    ).toBe(true)
    claimer.close()
    const again = await startBot({ dbPath: first.dbPath, fake: first.fake, now: HOURS_DUE })
    await again.at(HOURS_DUE + MINUTE)
    expect(remindersTo(first.fake)).toHaveLength(1)
  })

  it('never lost across a full disk: no claim, no send; once the claim is written it goes, once', async () => {
    const dbPath = path.join(temp.dir, 'full-disk.sqlite')
    const real = openLeadStore(dbPath)
    let diskFull = false
    const store: LeadStore = {
      ...real,
      claimTrialReminder(...args) {
        if (diskFull) {
          throw Object.assign(new Error('database or disk is full'), { errcode: 13 })
        }
        return real.claimTrialReminder(...args)
      },
    }
    const bot = await startBot({ dbPath, store })
    const { token } = book(bot.store)
    await linkHer(bot, token)
    diskFull = true
    for (let minute = 0; minute < 5; minute += 1) await bot.at(EVENING_DUE + minute * MINUTE)
    expect(remindersTo(bot.fake)).toEqual([])
    expect(bot.log.entries.map((entry) => entry.message)).toContain(
      'trial reminders pass failed; nothing sent, will retry',
    )
    diskFull = false
    await bot.at(EVENING_DUE + 6 * MINUTE)
    expect(remindersTo(bot.fake)).toHaveLength(1)
    await bot.at(EVENING_DUE + 7 * MINUTE)
    expect(remindersTo(bot.fake)).toHaveLength(1)
  })

  it('a send Telegram surely did not get is tried again; one it may have got is not repeated', async () => {
    const bot = await startBot()
    const { token } = book(bot.store)
    await linkHer(bot, token)
    bot.fake.queue({ kind: 'error', status: 502 })
    await bot.at(EVENING_DUE)
    expect(remindersTo(bot.fake)).toEqual([])
    await bot.at(EVENING_DUE + MINUTE)
    expect(remindersTo(bot.fake)).toHaveLength(1)

    // No answer (a reset): it may have arrived, so it is not sent again.
    bot.fake.queue({ kind: 'reset' })
    await bot.at(HOURS_DUE)
    await bot.at(HOURS_DUE + MINUTE)
    expect(remindersTo(bot.fake)).toHaveLength(1)
  })
})

describe('the reminder’s buttons', () => {
  it('«Перенести» lists the group’s next lessons; her choice moves the trial, the chat’s message is edited, the old lesson’s reminders are moot', async () => {
    const bot = await startBot()
    const { token, leadId } = book(bot.store)
    bot.outbox.wake()
    const card = await eventually(() => {
      const message = bot.fake.messages.find((sent) => sent.chatId === DESK_CHAT)
      expect(message).toBeDefined()
      return message
    })
    await linkHer(bot, token)
    await bot.at(EVENING_DUE)
    const reminder = remindersTo(bot.fake)[0]
    press(bot.fake, reminder, 'Перенести')
    const question = await eventually(() => {
      const message = toHer(bot.fake).at(-1)
      expect(message?.text).toBe('На какой урок перенести пробное вместо сб 28 ноября, 10:00?')
      return message
    })
    expect(buttons(question).map((button) => button.text)).toEqual([
      'сб 5 декабря, 10:00',
      'сб 12 декабря, 10:00',
      'сб 19 декабря, 10:00',
      'Другое время — пусть школа позвонит',
      'Оставить как есть',
    ])
    press(bot.fake, question, 'сб 5 декабря, 10:00')
    await eventually(() =>
      expect(question?.text).toBe(
        'Готово: пробный урок перенесён на сб 5 декабря, 10:00. Напомню накануне в 19:00 и за 3 часа до начала.',
      ),
    )
    expect(bot.store.trialOfLead(leadId)).toMatchObject({ at: '2026-12-05T10:00', state: 'booked' })
    expect(bot.store.trialChanges(leadId).map(({ change }) => change)).toEqual(['moved'])
    await eventually(() =>
      expect(bot.fake.edits.map((edit) => edit.messageId)).toContain(card?.messageId),
    )

    // The old lesson's second reminder is not sent; the new lesson's come in their time.
    await bot.at(HOURS_DUE)
    expect(remindersTo(bot.fake)).toHaveLength(1)
    await bot.at(EVENING_DUE + 7 * 24 * HOUR)
    expect(remindersTo(bot.fake).at(-1)?.text).toContain('<b>Когда:</b> сб 5 декабря, 10:00')

    // The old reminder's buttons no longer act: its lesson is not hers any more.
    press(bot.fake, reminder, 'Не смогу')
    await eventually(() => expect(reminder?.text).toBe(STALE_TEXT))
    expect(bot.store.trialOfLead(leadId)?.state).toBe('booked')
  })

  it('«Не смогу» asks first; «Да, отменить» cancels, and no reminder follows', async () => {
    const bot = await startBot()
    const { token, leadId } = book(bot.store)
    await linkHer(bot, token)
    await bot.at(EVENING_DUE)
    press(bot.fake, remindersTo(bot.fake)[0], 'Не смогу')
    const question = await eventually(() => {
      const message = toHer(bot.fake).at(-1)
      expect(message?.text).toBe(
        'Отменить пробный урок сб 28 ноября, 10:00? Школа увидит отмену, и место освободится для другого ребёнка.',
      )
      return message
    })
    expect(bot.store.trialOfLead(leadId)?.state).toBe('booked')
    press(bot.fake, question, 'Да, отменить')
    await eventually(() =>
      expect(question?.text).toBe(
        'Пробный урок отменён, школа увидит это. Напоминаний о нём больше не будет. Спасибо, что предупредили!',
      ),
    )
    expect(bot.store.trialOfLead(leadId)?.state).toBe('cancelled')
    expect(bot.store.trialChanges(leadId).map(({ change }) => change)).toEqual(['cancelled'])
    await bot.at(HOURS_DUE)
    expect(remindersTo(bot.fake)).toHaveLength(1)
  })

  it('«Нет, приду» changes nothing', async () => {
    const bot = await startBot()
    const { token, leadId } = book(bot.store)
    await linkHer(bot, token)
    await bot.at(EVENING_DUE)
    press(bot.fake, remindersTo(bot.fake)[0], 'Не смогу')
    const question = await eventually(() => {
      const message = toHer(bot.fake).at(-1)
      expect(buttons(message).map((button) => button.text)).toEqual(['Да, отменить', 'Нет, приду'])
      return message
    })
    press(bot.fake, question, 'Нет, приду')
    await eventually(() => expect(question?.text).toBe('Хорошо, оставляем как есть.'))
    expect(bot.store.trialOfLead(leadId)).toMatchObject({ state: 'booked', at: LESSON })
  })

  it('a press from another chat, or with data the bot never wrote, changes nobody’s trial', async () => {
    const bot = await startBot()
    const { token, leadId } = book(bot.store)
    await linkHer(bot, token)
    // Another person forges her buttons in his own chat with the bot.
    bot.fake.press({ chatId: 6_660_001, messageId: 1, data: pressData.cancel(leadId, LESSON) })
    bot.fake.press({
      chatId: 6_660_001,
      messageId: 1,
      data: pressData.move(leadId, LESSON, '2026-12-05T10:00'),
    })
    // In her own chat, a lesson that is not one of the group's.
    bot.fake.press({
      chatId: HER_CHAT,
      messageId: 1,
      data: pressData.move(leadId, LESSON, '2026-12-06T10:00'),
    })
    // Her «Да, напоминать» was the first answer.
    await eventually(() => expect(bot.fake.answers).toHaveLength(4))
    expect(bot.fake.answers.at(-1)?.text).toBe('Этот урок уже недоступен: выберите другой.')
    expect(bot.store.trialOfLead(leadId)).toMatchObject({ state: 'booked', at: LESSON })
    expect(bot.store.trialChanges(leadId)).toEqual([])
    // Her token pressed in a group: a group's chat is never linked.
    const other = book(bot.store)
    bot.fake.press({ chatId: -100777, messageId: 1, data: pressData.link(other.token) })
    bot.fake.chatMessage({ id: HER_CHAT, type: 'private' }, '/stop')
    await eventually(() => expect(bot.store.trialsOfChat(HER_CHAT)).toEqual([]))
    expect(bot.store.trialsOfChat(-100777)).toEqual([])
    expect(bot.store.trialOfLead(other.leadId)?.telegramChatId).toBeNull()
    for (const data of ['t:X:1', 't:y:short', `t:X:${leadId}:2026112810`, 't:m:0:202611281000']) {
      expect(parsePress(data)).toBeUndefined()
    }
  })
})
