// The bot's offer of a freed seat to a waiting parent, against the fake Bot API on a real SQLite
// file with an injected clock: offered and taken, declined and the next one asked, 24 hours
// passing, the setting off, a parent without a linked chat, a restart and forged presses.
import { afterAll, describe, expect, it } from 'vitest'
import { TRIAL_BOOKING_DEFAULTS } from '@it-lab/shared/content'
import type { FakeChat, FakeTelegram, ReceivedMessage } from '../../harness/fake-telegram.ts'
import { TEST_CONSENT, courseTitle } from '../../harness/sample-leads.ts'
import { eventually, MEMORY_DIR, tempDir, madeUpSaturdays } from '../../test/helpers.ts'
import { DESK_CHAT, telegramBots } from '../../test/telegram-bot.ts'
import type { Bot } from '../../test/telegram-bot.ts'
import { openLeadStore } from '../store/lead-store.ts'
import type { LeadStore } from '../store/lead-store.ts'
import type { TrialState } from '../store/rows.ts'
import { newTrialToken } from './booking.ts'
import { DECLINED_TEXT, OFFER_GONE_TEXT, OFFER_MS } from './offers.ts'
import { parsePress, pressData } from './reminder-words.ts'
import { createSeats } from './seats.ts'

const temp = tempDir('lead-bot-offers-', MEMORY_DIR)
afterAll(() => temp.remove())

const MINUTE = 60_000

// A made-up group (the shipped ones are samples the owner deletes): one seat, Saturdays at 10:00.
const { group: saturdays, groupOf } = madeUpSaturdays({ seats: 1 })
const booking = { ...TRIAL_BOOKING_DEFAULTS, closedDays: [], waitlistOffers: true }
const place = { groupOf, address: 'г. Астрахань, ул. Образцовая, д. 1' }

/** Thursday 26 November 2026, 12:00 in Astrakhan; the lesson is Saturday's. */
const THURSDAY_NOON = Date.parse('2026-11-26T08:00:00Z')
const LESSON = '2026-11-28T10:00'

const SECRET_NAME = 'Секретная Фамилия'
const SECRET_PHONE = '+7 (987) 654-32-10'

const chat = (id: number): FakeChat => ({ id, type: 'private', first_name: 'Анна' })
const ANNA = 5_550_001
const BORIS = 5_550_002

const { startBot, stop } = telegramBots({
  dir: temp.dir,
  booking,
  groupOf,
  address: place.address,
  start: THURSDAY_NOON,
  seats: [saturdays],
})

/** A lead with Saturday's trial, booked or waiting; her page's token. */
function book(store: LeadStore, state: TrialState, now = THURSDAY_NOON) {
  const { token, hash } = newTrialToken()
  const lead = store.insert(
    {
      name: SECRET_NAME,
      phone: SECRET_PHONE,
      form: 'feedback',
      consentVersion: TEST_CONSENT,
      course: 4,
      group: saturdays.id,
      trialAt: LESSON,
      trial: { tokenHash: hash, group: saturdays.id, at: LESSON, state },
    },
    now,
  )
  return { token, leadId: lead.id }
}

const toChat = (fake: FakeTelegram, id: number) =>
  fake.messages.filter((sent) => sent.chatId === id)
const offersTo = (fake: FakeTelegram, id: number) =>
  toChat(fake, id).filter((sent) => sent.text.startsWith('Освободилось место'))

function buttons(message: ReceivedMessage | undefined): { text: string; callback_data: string }[] {
  const markup = message?.replyMarkup as
    { inline_keyboard: { text: string; callback_data: string }[][] } | undefined
  return markup?.inline_keyboard.flat() ?? []
}

/** Presses the button named `text` under `message`, in chat `id`. */
function press(fake: FakeTelegram, id: number, message: ReceivedMessage | undefined, text: string) {
  const button = buttons(message).find((entry) => entry.text === text)
  if (!message || !button) throw new Error(`no button «${text}»`)
  return fake.press({ chatId: id, messageId: message.messageId, data: button.callback_data })
}

/** Her link opened in chat `id` and «Да, напоминать» pressed: her chat is linked to her trial. */
async function link(bot: Bot, id: number, token: string): Promise<void> {
  bot.fake.chatMessage(chat(id), `/start ${token}`)
  const offer = await eventually(() => {
    const message = toChat(bot.fake, id).at(-1)
    expect(buttons(message).map((button) => button.text)).toEqual(['Да, напоминать'])
    return message
  })
  press(bot.fake, id, offer, 'Да, напоминать')
  await eventually(() => expect(offer?.text).toMatch(/^Готово: напомню/))
}

/** A full group: one family holds the only seat, two wait (first come first) with their chats linked. */
async function fullGroup(bot: Bot) {
  const holder = book(bot.store, 'booked')
  const anna = book(bot.store, 'waiting')
  const boris = book(bot.store, 'waiting')
  await link(bot, ANNA, anna.token)
  await link(bot, BORIS, boris.token)
  return { holder, anna, boris }
}

describe('the bot’s offer of a freed seat', () => {
  it('goes to the first waiting parent, holds the seat for her, and «Беру место» books her trial', async () => {
    const bot = await startBot()
    const { holder, anna, boris } = await fullGroup(bot)
    bot.outbox.wake()
    const card = await eventually(() => {
      const message = bot.fake.messages.find(
        (sent) => sent.chatId === DESK_CHAT && sent.text.endsWith(`<b>Заявка №</b>${anna.leadId}`),
      )
      expect(message).toBeDefined()
      return message
    })
    await bot.at(THURSDAY_NOON + 10 * MINUTE)
    expect(offersTo(bot.fake, ANNA)).toEqual([])
    // The chat's worker has seen the group full.
    bot.outbox.wake()
    await bot.outbox.idle()

    bot.store.cancelTrial(holder.leadId, THURSDAY_NOON + 11 * MINUTE)
    await bot.at(THURSDAY_NOON + 12 * MINUTE)
    const offer = offersTo(bot.fake, ANNA)[0]
    expect(offer?.text.split('\n')).toEqual([
      'Освободилось место в группе, которую вы ждёте:',
      '',
      `<b>Пробный урок:</b> ${courseTitle(4)}, группа Сб 10:00–11:30`,
      '<b>Когда:</b> сб 28 ноября, 10:00',
      '<b>Где:</b> г. Астрахань, ул. Образцовая, д. 1, кабинет 2',
      '',
      'Место держится за вами до пт 27 ноября, 12:12. Если оно нужно, нажмите «Беру место». Если нет — «Не нужно», и место предложат следующей семье из листа ожидания.',
    ])
    expect(offer?.text).not.toContain(SECRET_NAME)
    expect(offer?.text).not.toContain(SECRET_PHONE)
    expect(buttons(offer).map((button) => button.text)).toEqual(['Беру место', 'Не нужно'])
    expect(offersTo(bot.fake, BORIS)).toEqual([])
    // The chat hears of the seat and of the offer, with no name or phone.
    bot.outbox.wake()
    const notice = await eventually(() => {
      const message = bot.fake.messages.find(
        (sent) => sent.chatId === DESK_CHAT && sent.text.startsWith('В группе'),
      )
      expect(message).toBeDefined()
      return message
    })
    expect(notice?.text).toBe(
      `В группе «${courseTitle(4)}, Сб 10:00–11:30» освободилось место. ` +
        `Предложено в Telegram: №${anna.leadId} — до пт 27 ноября, 12:12. ` +
        `Ждут: №${boris.leadId} (меньше дня)`,
    )
    expect(notice?.replyToMessageId).toBe(card?.messageId)
    // Held for her: the site shows no free seat, and nobody else is asked.
    const seats = createSeats(bot.store, [saturdays], booking, THURSDAY_NOON)
    expect(seats.of(saturdays.id, bot.clock)).toMatchObject({ open: 0, free: 0 })
    await bot.at(THURSDAY_NOON + 13 * MINUTE)
    expect(offersTo(bot.fake, ANNA)).toHaveLength(1)

    press(bot.fake, ANNA, offer, 'Беру место')
    await eventually(() =>
      expect(offer?.text).toBe(
        'Готово: место за вами, пробный урок сб 28 ноября, 10:00. Напомню накануне в 19:00 и за 3 часа до начала.',
      ),
    )
    expect(buttons(offer)).toEqual([])
    expect(bot.store.trialOfLead(anna.leadId)?.state).toBe('booked')
    expect(bot.store.trialChanges(anna.leadId).map(({ change }) => change)).toEqual(['booked'])
    expect(bot.store.trialOfLead(boris.leadId)?.state).toBe('waiting')
    await eventually(() =>
      expect(
        bot.fake.edits.find(
          (edit) =>
            edit.messageId === card?.messageId &&
            edit.text?.includes('Место взято родителем в Telegram'),
        ),
      ).toBeDefined(),
    )
    // The seat is hers now: nobody else is asked, even a day later.
    await bot.at(THURSDAY_NOON + OFFER_MS + 13 * MINUTE)
    expect(offersTo(bot.fake, BORIS)).toEqual([])
  })

  it('«Не нужно» ends it, and the next waiting parent is asked', async () => {
    const bot = await startBot()
    const { holder, anna, boris } = await fullGroup(bot)
    bot.store.cancelTrial(holder.leadId, THURSDAY_NOON + 11 * MINUTE)
    await bot.at(THURSDAY_NOON + 12 * MINUTE)
    const offer = offersTo(bot.fake, ANNA)[0]
    press(bot.fake, ANNA, offer, 'Не нужно')
    await eventually(() => expect(offer?.text).toBe(DECLINED_TEXT))
    expect(bot.store.trialOfLead(anna.leadId)?.state).toBe('waiting')
    await eventually(() => expect(offersTo(bot.fake, BORIS)).toHaveLength(1))
    // She is not asked again.
    const toAnna = toChat(bot.fake, ANNA).length
    await bot.at(THURSDAY_NOON + 20 * MINUTE)
    expect(toChat(bot.fake, ANNA)).toHaveLength(toAnna)
    expect(bot.store.trialOfLead(boris.leadId)?.state).toBe('waiting')
  })

  it('24 hours without an answer end it: the next parent is asked, her late press changes nothing', async () => {
    const bot = await startBot()
    const { holder, anna, boris } = await fullGroup(bot)
    bot.store.cancelTrial(holder.leadId, THURSDAY_NOON + 11 * MINUTE)
    await bot.at(THURSDAY_NOON + 12 * MINUTE)
    const offer = offersTo(bot.fake, ANNA)[0]
    await bot.at(THURSDAY_NOON + 12 * MINUTE + OFFER_MS - 1)
    expect(offersTo(bot.fake, BORIS)).toEqual([])
    await bot.at(THURSDAY_NOON + 12 * MINUTE + OFFER_MS)
    const next = offersTo(bot.fake, BORIS)[0]
    // Held until the lesson begins, sooner than a day.
    expect(next?.text).toContain('Место держится за вами до сб 28 ноября, 10:00.')

    press(bot.fake, ANNA, offer, 'Беру место')
    await eventually(() => expect(offer?.text).toBe(OFFER_GONE_TEXT))
    expect(bot.store.trialOfLead(anna.leadId)?.state).toBe('waiting')
    press(bot.fake, BORIS, next, 'Беру место')
    await eventually(() => expect(bot.store.trialOfLead(boris.leadId)?.state).toBe('booked'))
  })

  it('is never made while the owner has not turned it on', async () => {
    const bot = await startBot({ offers: false })
    const { holder } = await fullGroup(bot)
    bot.store.cancelTrial(holder.leadId, THURSDAY_NOON + 11 * MINUTE)
    await bot.at(THURSDAY_NOON + 12 * MINUTE)
    await bot.at(THURSDAY_NOON + 2 * OFFER_MS)
    expect(offersTo(bot.fake, ANNA)).toEqual([])
    expect(offersTo(bot.fake, BORIS)).toEqual([])
  })

  it('skips a waiting parent without a linked chat: she stays on the chat’s list', async () => {
    const bot = await startBot()
    const holder = book(bot.store, 'booked')
    const unlinked = book(bot.store, 'waiting')
    const boris = book(bot.store, 'waiting')
    await link(bot, BORIS, boris.token)
    bot.store.cancelTrial(holder.leadId, THURSDAY_NOON + 11 * MINUTE)
    await bot.at(THURSDAY_NOON + 12 * MINUTE)
    expect(offersTo(bot.fake, BORIS)).toHaveLength(1)
    const seats = createSeats(bot.store, [saturdays], booking, THURSDAY_NOON)
    expect(seats.of(saturdays.id, bot.clock)?.waiting.map((trial) => trial.leadId)).toEqual([
      unlinked.leadId,
    ])
  })

  it('is never sent twice across a restart, even after a crash between the claim and the send; its clock survives', async () => {
    const first = await startBot()
    const { holder, boris } = await fullGroup(first)
    first.store.cancelTrial(holder.leadId, THURSDAY_NOON + 11 * MINUTE)
    await first.at(THURSDAY_NOON + 12 * MINUTE)
    expect(offersTo(first.fake, ANNA)).toHaveLength(1)
    await stop(first)

    const restarted = await startBot({
      dbPath: first.dbPath,
      fake: first.fake,
      now: THURSDAY_NOON + 13 * MINUTE,
    })
    await restarted.at(THURSDAY_NOON + 14 * MINUTE)
    expect(offersTo(first.fake, ANNA)).toHaveLength(1)
    expect(offersTo(first.fake, BORIS)).toEqual([])
    await stop(restarted)

    // A day later, a crash after Boris's offer was claimed, before it went: not sent after it.
    const claimer = openLeadStore(first.dbPath)
    const late = THURSDAY_NOON + 12 * MINUTE + OFFER_MS
    const claim = { leadId: boris.leadId, group: saturdays.id, chatId: BORIS, until: late + MINUTE }
    expect(claimer.claimWaitlistOffer(claim, late)).toBe(true)
    claimer.close()
    const again = await startBot({ dbPath: first.dbPath, fake: first.fake, now: late })
    await again.at(late + 1)
    expect(offersTo(first.fake, BORIS)).toEqual([])
    expect(offersTo(first.fake, ANNA)).toHaveLength(1)
  })

  it('a send Telegram surely did not get goes again; one it may have got is not repeated', async () => {
    const bot = await startBot()
    const { holder } = await fullGroup(bot)
    bot.fake.queue({ kind: 'error', status: 502 })
    bot.store.cancelTrial(holder.leadId, THURSDAY_NOON + 11 * MINUTE)
    await bot.at(THURSDAY_NOON + 12 * MINUTE)
    expect(offersTo(bot.fake, ANNA)).toEqual([])
    await bot.at(THURSDAY_NOON + 13 * MINUTE)
    expect(offersTo(bot.fake, ANNA)).toHaveLength(1)
  })

  it('a press from another chat, or on another parent’s offer, changes nobody’s trial', async () => {
    const bot = await startBot()
    const { holder, anna, boris } = await fullGroup(bot)
    bot.store.cancelTrial(holder.leadId, THURSDAY_NOON + 11 * MINUTE)
    await bot.at(THURSDAY_NOON + 12 * MINUTE)
    expect(offersTo(bot.fake, ANNA)).toHaveLength(1)
    const answered = bot.fake.answers.length
    // A stranger forges her «Беру место» in his own chat; Boris presses it for her lead, and for
    // his own lead, which was offered nothing.
    bot.fake.press({ chatId: 6_660_001, messageId: 1, data: pressData.take(anna.leadId) })
    bot.fake.press({ chatId: BORIS, messageId: 1, data: pressData.take(anna.leadId) })
    bot.fake.press({ chatId: BORIS, messageId: 1, data: pressData.take(boris.leadId) })
    bot.fake.press({ chatId: BORIS, messageId: 1, data: pressData.decline(anna.leadId) })
    await eventually(() => expect(bot.fake.answers).toHaveLength(answered + 4))
    expect(bot.store.trialOfLead(anna.leadId)?.state).toBe('waiting')
    expect(bot.store.trialOfLead(boris.leadId)?.state).toBe('waiting')
    expect(bot.store.trialChanges(anna.leadId)).toEqual([])
    // Her offer still stands: Boris is not asked.
    await bot.at(THURSDAY_NOON + 13 * MINUTE)
    expect(offersTo(bot.fake, BORIS)).toEqual([])
    for (const data of ['t:o:0', 't:o:1:2', 't:n:x', 't:o']) {
      expect(parsePress(data)).toBeUndefined()
    }
    expect(parsePress(pressData.take(12))).toEqual({ action: 'take', leadId: 12 })
  })
})
