// The lead desk against the fake Bot API: status presses read by long polling, message edits,
// the reminder and the weekly digest, on a real SQLite file with an injected clock.
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openLeadStore } from './store/lead-store.ts'
import type { LeadStore } from './store/lead-store.ts'
import type { NewLead } from './store/rows.ts'
import type { DeskConfig } from './desk.ts'
import { createOutbox } from './outbox.ts'
import type { Outbox } from './outbox.ts'
import { createTelegramClient } from './telegram.ts'
import { redactedText } from './telegram-message.ts'
import type { NotifyMode } from './config.ts'
import { createUpdatesPoller } from './updates.ts'
import type { UpdatesPoller } from './updates.ts'
import { startFakeTelegram } from '../harness/fake-telegram.ts'
import type { FakeTelegram } from '../harness/fake-telegram.ts'
import { eventually, MEMORY_DIR, recordingLog, tempDir } from '../test/helpers.ts'
import { TEST_CONSENT, courseTitle } from '../harness/sample-leads.ts'

const temp = tempDir('lead-bot-desk-', MEMORY_DIR)
afterAll(() => temp.remove())

const CHAT_ID = '42'
const HOUR = 3_600_000
/** Astrakhan is UTC+4: Monday 13 October 2025, 10:00 school time. */
const MONDAY_10 = Date.UTC(2025, 9, 13, 6)

const DESK: DeskConfig = {
  reminderAfterMs: 24 * HOUR,
  workingHours: { from: 9, to: 20 },
  digest: { weekday: 1, hour: 9 },
}

function lead(name: string, extra: Partial<NewLead> = {}): NewLead {
  return {
    name,
    phone: '+7 (912) 345-67-89',
    form: 'feedback',
    consentVersion: TEST_CONSENT,
    ...extra,
  }
}

let dbNumber = 0
const fakes: FakeTelegram[] = []
const running = new Set<{ store: LeadStore; outbox: Outbox; poller: UpdatesPoller }>()

/** Stops a desk as a shutdown does: the poll in flight, then the outbox, then the database. */
async function stop(desk: { store: LeadStore; outbox: Outbox; poller: UpdatesPoller }) {
  running.delete(desk)
  await desk.poller.stop()
  await desk.outbox.stop()
  desk.store.close()
}

afterEach(async () => {
  for (const desk of [...running]) await stop(desk)
  for (const fake of fakes.splice(0)) await fake.close()
})

/** A store, an outbox and a poller on a fake Bot API; the clock is `desk.clock`. */
async function startDesk(
  options: { notify?: NotifyMode; dbPath?: string; now?: number; fake?: FakeTelegram } = {},
) {
  const fake = options.fake ?? (await startFakeTelegram())
  if (!options.fake) fakes.push(fake)
  const dbPath = options.dbPath ?? path.join(temp.dir, `desk-${(dbNumber += 1)}.sqlite`)
  const store = openLeadStore(dbPath)
  const log = recordingLog()
  const telegram = createTelegramClient({
    apiUrl: fake.url,
    token: fake.token,
    chatId: CHAT_ID,
    timeoutMs: 2_000,
    sendTimeoutMs: 2_000,
  })
  const now = () => started.clock
  const outbox = createOutbox({
    store,
    telegram,
    config: {
      pollMs: 60_000,
      retryBaseMs: 10,
      retryMaxMs: 100,
      sendIntervalMs: 0,
      notify: options.notify ?? 'full',
      desk: DESK,
    },
    log,
    now,
  })
  const poller = createUpdatesPoller({
    store,
    telegram,
    chatId: CHAT_ID,
    log,
    onStatus: () => outbox.wake(),
    pollTimeoutS: 5,
    retryBaseMs: 10,
    retryMaxMs: 100,
    now,
  })
  const started = {
    fake,
    dbPath,
    store,
    log,
    outbox,
    poller,
    clock: options.now ?? MONDAY_10,
    /** Moves the clock and lets the outbox do what is due then. */
    async at(time: number): Promise<void> {
      started.clock = time
      outbox.wake()
      await outbox.idle()
    },
  }
  running.add(started)
  outbox.start()
  poller.start()
  return started
}

/** Stores a lead at the desk's clock and waits until the fake has its message. */
async function deliver(desk: Awaited<ReturnType<typeof startDesk>>, newLead: NewLead) {
  const row = desk.store.insert(newLead, desk.clock)
  desk.outbox.wake()
  await eventually(() =>
    expect(desk.store.list({ limit: 1000 }).find((l) => l.id === row.id)?.status).toBe('sent'),
  )
  const message = desk.fake.messages.find(
    (sent) =>
      sent.text.includes(`№</b>${row.id}`) || sent.text.startsWith(`Новая заявка №${row.id}`),
  )
  if (!message) throw new Error(`lead ${row.id} was not delivered`)
  return { id: row.id, message }
}

function leadById(store: LeadStore, id: number) {
  return store.list({ limit: 1000 }).find((row) => row.id === id)
}

describe('status buttons', () => {
  it('a press from the chat sets the status, answers it and edits the message; a later press changes it', async () => {
    const desk = await startDesk()
    const { id, message } = await deliver(
      desk,
      lead('Мария', { course: 4, quiz: 6, page: '/course/4' }),
    )
    expect(message.text).toContain(`<b>Курс:</b> ${courseTitle(4)}`)
    expect(message.text).toContain(`<b>Тест подсказал:</b> ${courseTitle(6)}`)
    expect(message.text).toContain('<b>Страница:</b> /course/4')
    expect(message.replyMarkup).toEqual({
      inline_keyboard: [
        [
          { text: 'Позвонили', callback_data: `s:${id}:c` },
          { text: 'Не дозвонились', callback_data: `s:${id}:n` },
        ],
        [
          { text: 'Пришли на пробное', callback_data: `s:${id}:t` },
          { text: 'Записан', callback_data: `s:${id}:e` },
        ],
        [{ text: 'Отказ', callback_data: `s:${id}:r` }],
      ],
    })

    desk.fake.press({
      chatId: Number(CHAT_ID),
      messageId: message.messageId,
      data: `s:${id}:c`,
      from: { id: 5, first_name: 'Ольга', username: 'olga' },
    })
    // The card is edited before the press is answered: wait for both.
    await eventually(() => {
      expect(desk.fake.edits).toHaveLength(1)
      expect(desk.fake.answers).toHaveLength(1)
    })
    expect(leadById(desk.store, id)?.desk).toEqual({
      status: 'called',
      at: new Date(MONDAY_10).toISOString(),
      by: 'Ольга (@olga)',
    })
    expect(desk.fake.answers).toEqual([{ callbackQueryId: 'cb1', text: 'Статус: Позвонили' }])
    expect(message.text).toContain('<b>Статус:</b> Позвонили — Ольга (@olga), 13.10.2025, 10:00')
    // The buttons stay, so the status can be changed.
    expect(message.replyMarkup).toEqual(desk.fake.edits[0]?.replyMarkup)
    expect(desk.fake.edits[0]?.replyMarkup).toMatchObject({ inline_keyboard: expect.any(Array) })

    desk.clock = MONDAY_10 + HOUR
    desk.fake.press({ chatId: Number(CHAT_ID), messageId: message.messageId, data: `s:${id}:e` })
    await eventually(() => expect(desk.fake.edits).toHaveLength(2))
    expect(message.text).toContain('<b>Статус:</b> Записан — Анна, 13.10.2025, 11:00')
    expect(desk.store.statusHistory(id).map(({ status, by }) => [status, by])).toEqual([
      ['called', 'Ольга (@olga)'],
      ['enrolled', 'Анна'],
    ])
  })

  it('ignores a press from another chat', async () => {
    const desk = await startDesk()
    const { id, message } = await deliver(desk, lead('Пётр'))
    desk.fake.press({ chatId: 999, messageId: message.messageId, data: `s:${id}:r` })
    // A press from the chat after it: once that one is stored, the foreign one was read too.
    desk.fake.press({ chatId: Number(CHAT_ID), messageId: message.messageId, data: `s:${id}:n` })
    // The card is edited before the press is answered: wait for both.
    await eventually(() => {
      expect(desk.fake.edits).toHaveLength(1)
      expect(desk.fake.answers).toHaveLength(1)
    })
    expect(desk.store.statusHistory(id).map(({ status }) => status)).toEqual(['no_answer'])
    expect(desk.log.entries.map((entry) => entry.message)).toContain(
      'button press from another chat ignored',
    )
  })

  it('a plain message (kept while telegram:setup ran) is skipped quietly, not logged as a press', async () => {
    const fake = await startFakeTelegram()
    fakes.push(fake)
    // Before the service's first getUpdates, Telegram keeps messages too: one from another chat.
    expect(
      fake.chatMessage({ id: 123456789, type: 'private', first_name: 'Анна' }, '/start'),
    ).not.toBeNull()
    const desk = await startDesk({ fake })
    const { id, message } = await deliver(desk, lead('Пётр'))
    desk.fake.press({ chatId: Number(CHAT_ID), messageId: message.messageId, data: `s:${id}:c` })
    await eventually(() => expect(desk.fake.answers).toHaveLength(1))
    expect(desk.fake.pollOffsets.at(-1)).toBeGreaterThan(0)
    expect(desk.log.entries.filter((entry) => entry.level !== 'info')).toEqual([])
  })

  it("a press acts only on its own message's lead: another lead's data there changes nothing", async () => {
    const desk = await startDesk()
    const first = await deliver(desk, lead('Первый'))
    const second = await deliver(desk, lead('Второй'))
    // Lead 1's message carrying lead 2's data (a forged or mixed-up callback).
    desk.fake.press({
      chatId: Number(CHAT_ID),
      messageId: first.message.messageId,
      data: `s:${second.id}:r`,
    })
    await eventually(() => expect(desk.fake.answers).toHaveLength(1))
    expect(desk.fake.answers[0]?.text).toBe(
      `Это сообщение не о заявке №${second.id}: ничего не изменено`,
    )
    expect(desk.store.statusHistory(second.id)).toEqual([])
    expect(desk.store.statusHistory(first.id)).toEqual([])
    expect(leadById(desk.store, second.id)?.desk).toBeNull()
    // The same press under lead 2's own message sets it.
    desk.fake.press({
      chatId: Number(CHAT_ID),
      messageId: second.message.messageId,
      data: `s:${second.id}:r`,
    })
    await eventually(() => expect(desk.fake.edits).toHaveLength(1))
    expect(desk.store.statusHistory(second.id).map(({ status }) => status)).toEqual(['refused'])
    expect(desk.store.statusHistory(first.id)).toEqual([])
  })

  it("a presser's name is stored and shown plain, at most 64 characters", async () => {
    const desk = await startDesk()
    const { id, message } = await deliver(desk, lead('Длинное'))
    const name = `\u202eАнна\u001b[2J${'я'.repeat(100)}`
    desk.fake.press({
      chatId: Number(CHAT_ID),
      messageId: message.messageId,
      data: `s:${id}:c`,
      from: { id: 9, first_name: name, username: 'anna' },
    })
    await eventually(() => expect(desk.fake.edits).toHaveLength(1))
    const by = leadById(desk.store, id)?.desk?.by ?? ''
    expect([...by]).toHaveLength(64)
    expect(by).toBe(`Анна[2J${'я'.repeat(57)}`)
    expect(message.text).toContain(by)
    expect(message.text).not.toContain('\u001b')
    expect(message.text).not.toContain('\u202e')
  })

  it('a restart keeps the offset: a press is neither lost nor applied twice', async () => {
    const first = await startDesk()
    const { id, message } = await deliver(first, lead('Вера'))
    const firstPress = first.fake.press({
      chatId: Number(CHAT_ID),
      messageId: message.messageId,
      data: `s:${id}:c`,
    })
    await eventually(() => expect(first.fake.edits).toHaveLength(1))
    await stop(first)
    // Pressed while the service is down: Telegram keeps it until an offset confirms it.
    first.fake.press({ chatId: Number(CHAT_ID), messageId: message.messageId, data: `s:${id}:e` })
    const pollsBefore = first.fake.pollOffsets.length

    const restarted = await startDesk({ dbPath: first.dbPath, fake: first.fake })
    await eventually(() => expect(restarted.store.statusHistory(id)).toHaveLength(2))
    // It asked from the offset stored with the first press: that one was not read again.
    expect(first.fake.pollOffsets[pollsBefore]).toBe(firstPress + 1)
    expect(restarted.store.statusHistory(id).map(({ status }) => status)).toEqual([
      'called',
      'enrolled',
    ])
    await eventually(() => expect(first.fake.edits).toHaveLength(2))
  })
})

/** Messages the fake received that reply to `messageId`: the reminders. */
function repliesTo(fake: FakeTelegram, messageId: number) {
  return fake.messages.filter((sent) => sent.replyToMessageId === messageId)
}

describe('reminder', () => {
  it('replies once to a lead with no status 24 hours after delivery, in working hours', async () => {
    const desk = await startDesk()
    const { id, message } = await deliver(desk, lead('Олег'))
    await desk.at(MONDAY_10 + 23 * HOUR)
    expect(repliesTo(desk.fake, message.messageId)).toEqual([])

    await desk.at(MONDAY_10 + 24 * HOUR)
    expect(repliesTo(desk.fake, message.messageId).map((sent) => sent.text)).toEqual([
      `Заявка №${id} ждёт ответа: статус не отмечен за 24 ч.`,
    ])
    await desk.at(MONDAY_10 + 25 * HOUR)
    await desk.at(MONDAY_10 + 48 * HOUR)
    expect(repliesTo(desk.fake, message.messageId)).toHaveLength(1)
  })

  it('waits for working hours, and skips a lead that has a status', async () => {
    // Delivered at 21:00 school time: due at 21:00 the next day, after hours.
    const desk = await startDesk({ now: MONDAY_10 + 11 * HOUR })
    const late = await deliver(desk, lead('Поздний'))
    const handled = await deliver(desk, lead('Обработанный'))
    desk.store.applyUpdate(1, {
      leadId: handled.id,
      messageId: handled.message.messageId,
      status: 'called',
      by: 'Анна',
      now: desk.clock,
    })
    await desk.at(MONDAY_10 + 35 * HOUR)
    expect(repliesTo(desk.fake, late.message.messageId)).toEqual([])
    // 09:00 on Wednesday.
    await desk.at(MONDAY_10 + 47 * HOUR)
    expect(repliesTo(desk.fake, late.message.messageId)).toHaveLength(1)
    expect(repliesTo(desk.fake, handled.message.messageId)).toEqual([])
  })
})

describe('weekly digest', () => {
  /** Monday 6 October 2025, 00:00 school time: the start of the digest's week. */
  const WEEK = Date.UTC(2025, 9, 5, 20)

  it('counts the past week by form, course and latest status, once, on Monday from 09:00', async () => {
    const desk = await startDesk({ now: WEEK + 6 * 24 * HOUR })
    let offset = 1
    const add = (at: number, extra: Partial<NewLead>, statuses: [string, number][] = []) => {
      const row = desk.store.insert(lead('Клиент', extra), at)
      // A button is pressed under the lead's message: the lead was delivered first.
      if (statuses.length > 0) desk.store.markSent(row.id, 1_000 + row.id, at)
      for (const [status, after] of statuses) {
        desk.store.applyUpdate((offset += 1), {
          leadId: row.id,
          messageId: 1_000 + row.id,
          status: status as 'called',
          by: 'Анна',
          now: at + after,
        })
      }
    }
    add(WEEK - HOUR, { course: 4 }, [['enrolled', HOUR]]) // the week before: not counted
    add(WEEK + HOUR, { course: 4 }, [
      ['called', HOUR],
      ['enrolled', 2 * HOUR],
    ])
    add(WEEK + 2 * HOUR, { course: 4, form: 'trial_lesson_popup' }, [['refused', 3 * HOUR]])
    add(WEEK + 3 * HOUR, { course: 6 }, [['no_answer', HOUR / 2]])
    add(WEEK + 4 * HOUR, { form: 'trial_lesson_popup' }, [['called', 5 * HOUR]])
    add(WEEK + 5 * HOUR, {})
    add(WEEK + 7 * 24 * HOUR + HOUR, { course: 6 }) // this week: not counted
    await desk.at(WEEK + 7 * 24 * HOUR + 9 * HOUR - 60_000)
    const digests = () => desk.fake.messages.filter((sent) => sent.text.includes('за неделю'))
    expect(digests()).toEqual([])

    await desk.at(WEEK + 7 * 24 * HOUR + 9 * HOUR)
    expect(digests().map((sent) => sent.text.split('\n'))).toEqual([
      [
        '<b>Заявки за неделю 06.10.2025–12.10.2025</b>',
        'Всего: 5',
        '',
        '<b>По формам:</b>',
        '  Форма обратной связи: 3',
        '  Окно «Бесплатный пробный урок»: 2',
        '<b>По курсам:</b>',
        `  ${courseTitle(4)}: 2`,
        `  ${courseTitle(6)}: 1`,
        '  без курса: 2',
        '',
        '<b>По последнему статусу:</b>',
        '  Дозвонились: 3',
        '  Записаны: 1',
        '  Потеряны (отказ): 1',
        '  Не дозвонились (ещё в работе): 1',
        '  Без статуса: 1',
        // First statuses after 1 h, 3 h, 30 min and 5 h: the median is 2 h.
        'Медиана до первого статуса: 2 ч 0 мин',
      ],
    ])
    await desk.at(WEEK + 7 * 24 * HOUR + 20 * HOUR)
    await desk.at(WEEK + 9 * 24 * HOUR)
    expect(digests()).toHaveLength(1)
    expect(desk.store.digestWeek()).toBe('2025-10-06')
  })
})

describe('TELEGRAM_NOTIFY=minimal', () => {
  it('no name or phone in the message, the status edit, the reminder or the digest', async () => {
    const name = 'Секретная Фамилия'
    const phone = '+7 (987) 654-32-10'
    const desk = await startDesk({ notify: 'minimal', now: MONDAY_10 - 24 * HOUR })
    const { id, message } = await deliver(desk, { ...lead(name, { course: 4 }), phone })
    expect(message.text).toBe(`Новая заявка №${id}\n<b>Курс:</b> ${courseTitle(4)}`)
    const other = await deliver(desk, { ...lead(name), phone })
    desk.fake.press({ chatId: Number(CHAT_ID), messageId: message.messageId, data: `s:${id}:e` })
    await eventually(() => expect(desk.fake.edits).toHaveLength(1))
    expect(message.text).toContain('<b>Статус:</b> Записан — Анна')
    await desk.at(MONDAY_10 + HOUR)
    expect(repliesTo(desk.fake, other.message.messageId)).toHaveLength(1)
    await desk.at(MONDAY_10 + 7 * 24 * HOUR)
    expect(desk.fake.messages.some((sent) => sent.text.includes('за неделю'))).toBe(true)

    const texts = [...desk.fake.messages, ...desk.fake.edits].map((sent) => sent.text ?? '')
    expect(texts.length).toBeGreaterThanOrEqual(5)
    for (const text of texts) {
      expect(text).not.toContain('Секретная')
      expect(text.replace(/\D/g, '')).not.toContain('9876543210')
    }
  })
})

describe('drills of docs/decisions/0043', () => {
  it('an update Telegram serves again after the offset was lost is not applied twice', async () => {
    const desk = await startDesk()
    const { id, message } = await deliver(desk, lead('Повтор'))
    const updateId = desk.fake.press({
      chatId: Number(CHAT_ID),
      messageId: message.messageId,
      data: `s:${id}:c`,
    })
    await eventually(() => expect(desk.store.statusHistory(id)).toHaveLength(1))
    // A restored file forgot the offset: Telegram serves the same update again.
    const raw = new DatabaseSync(desk.dbPath)
    raw.exec(`UPDATE bot_state SET value = '0' WHERE key = 'updates_offset'`)
    raw.close()
    // Served again only once the poller asks from the lost offset: a call that read the old offset
    // before the reset, arriving after the update, would confirm it away as Telegram does (on a
    // busy machine that race lost the update and the drill waited in vain).
    const polls = desk.fake.pollOffsets.length
    await eventually(() => expect(desk.fake.pollOffsets.slice(polls)).toContain(0))
    desk.fake.redeliver(updateId)
    await eventually(() =>
      expect(desk.log.entries.map((entry) => entry.message)).toContainEqual(
        expect.stringMatching(/already applied/),
      ),
    )
    expect(desk.store.statusHistory(id)).toHaveLength(1)
    expect(desk.store.updatesOffset()).toBe(updateId + 1)
  })

  it('a failing status edit (5xx, then 429) never holds up a new lead', async () => {
    const desk = await startDesk()
    const first = await deliver(desk, lead('Первый'))
    desk.fake.setEditError({ kind: 'error', status: 502 })
    desk.fake.press({
      chatId: Number(CHAT_ID),
      messageId: first.message.messageId,
      data: `s:${first.id}:c`,
    })
    await eventually(() => expect(desk.store.statusHistory(first.id)).toHaveLength(1))
    await desk.at(desk.clock + 1)
    desk.fake.setEditError({ kind: 'retry_after', seconds: 30 })
    await desk.at(desk.clock + 1_000)
    // The edit keeps failing; the new lead goes out at once all the same.
    const second = desk.store.insert(lead('Второй'), desk.clock)
    await desk.at(desk.clock + 1)
    expect(leadById(desk.store, second.id)?.status).toBe('sent')
    expect(desk.store.nextEdit()?.id).toBe(first.id)
  })

  it('a reminder is claimed before it is sent: an outside write lock never repeats it', async () => {
    const desk = await startDesk()
    const { message } = await deliver(desk, lead('Напомнить'))
    const locker = new DatabaseSync(desk.dbPath)
    locker.exec('BEGIN IMMEDIATE')
    for (let minute = 0; minute < 4; minute += 1) {
      await desk.at(MONDAY_10 + 24 * HOUR + minute * 60_000)
    }
    expect(repliesTo(desk.fake, message.messageId)).toEqual([])
    locker.exec('ROLLBACK')
    locker.close()
    for (let minute = 4; minute < 8; minute += 1) {
      await desk.at(MONDAY_10 + 24 * HOUR + minute * 60_000)
    }
    expect(repliesTo(desk.fake, message.messageId)).toHaveLength(1)
  })

  it('a reminder claimed before a crash is not sent again after the restart', async () => {
    const first = await startDesk()
    const { id, message } = await deliver(first, lead('Сбой'))
    await stop(first)
    // The crash: the claim committed, the process died before the send.
    const claimer = openLeadStore(first.dbPath)
    expect(claimer.claimReminder(id, MONDAY_10 + 24 * HOUR)).toBe(true)
    claimer.close()
    const restarted = await startDesk({ dbPath: first.dbPath, fake: first.fake })
    await restarted.at(MONDAY_10 + 25 * HOUR)
    expect(repliesTo(first.fake, message.messageId)).toEqual([])
  })

  it('the weekly digest is claimed before it is sent: an outside write lock never repeats it', async () => {
    const desk = await startDesk({ now: MONDAY_10 - 2 * HOUR })
    const locker = new DatabaseSync(desk.dbPath)
    locker.exec('BEGIN IMMEDIATE')
    for (let minute = 0; minute < 4; minute += 1) await desk.at(MONDAY_10 + minute * 60_000)
    locker.exec('ROLLBACK')
    locker.close()
    for (let minute = 4; minute < 8; minute += 1) await desk.at(MONDAY_10 + minute * 60_000)
    const digests = desk.fake.messages.filter((sent) => sent.text.includes('за неделю'))
    expect(digests).toHaveLength(1)
  })
})

describe('deletion reaches the chat', () => {
  it('--delete and the retention period edit the message so no name or phone remains', async () => {
    const desk = await startDesk()
    const asked = await deliver(desk, lead('Удалить', { phone: '+7 (900) 111-22-33' }))
    const expired = await deliver(desk, lead('Истёк', { phone: '+7 (900) 444-55-66' }))
    const third = await deliver(desk, lead('Третий', { phone: '+7 (900) 777-88-99' }))
    expect(desk.store.deleteByPhone('+7 (900) 111-22-33')).toHaveLength(1)
    await desk.at(desk.clock + 1)
    desk.store.deleteReceivedBefore(desk.clock + 1)
    await desk.at(desk.clock + 2)

    for (const { id, message } of [asked, expired]) {
      expect(message.text).toBe(redactedText(id))
      expect(message.text).not.toMatch(/Удалить|Истёк|111-22-33|444-55-66/)
    }
    // Retention took every delivered lead received before that moment, the third too.
    expect(third.message.text).toBe(redactedText(third.id))
    expect(desk.fake.edits.map((edit) => edit.messageId)).toEqual([
      asked.message.messageId,
      expired.message.messageId,
      third.message.messageId,
    ])
    // Done once: nothing is left to clear.
    await desk.at(desk.clock + 3)
    expect(desk.fake.edits).toHaveLength(3)
  })
})
