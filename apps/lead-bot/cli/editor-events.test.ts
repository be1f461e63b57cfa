import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { EditorEvent } from '@it-lab/shared/editor-events'
import { afterEach, describe, expect, it } from 'vitest'
import { startFakeTelegram, type FakeTelegram } from '../harness/fake-telegram.ts'
import { drainEditorEvents, editorEventsDir } from './editor-events.ts'
import type { EmailMessage } from './email.ts'
import { createTelegramClient } from '../src/telegram.ts'

/** 12 March 2026, 10:05 UTC: 14:05 at the school (Astrakhan, UTC+4). */
const T0 = Date.UTC(2026, 2, 12, 10, 5)
const MINUTE = 60_000
const LOGIN: EditorEvent = {
  kind: 'login',
  at: new Date(T0).toISOString(),
  browser: 'Chrome',
  system: 'Android',
}
const LOCKOUT: EditorEvent = {
  kind: 'lockout',
  at: new Date(T0 + 2 * MINUTE).toISOString(),
  until: new Date(T0 + 17 * MINUTE).toISOString(),
  wrong: 20,
  windowMinutes: 60,
}

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A spool holding `events` as the gateway names them, and a file it is still writing. */
function spool(...events: EditorEvent[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'it-lab-editor-events-'))
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }))
  events.forEach((event, index) => {
    const name = `${Date.parse(event.at)}-${event.kind}-${String(index).padStart(16, '0')}.json`
    writeFileSync(path.join(dir, name), JSON.stringify(event))
  })
  writeFileSync(path.join(dir, `.${Date.now()}-login-${'f'.repeat(16)}.json.tmp`), '{"kind":')
  return dir
}

async function chat(): Promise<FakeTelegram> {
  const fake = await startFakeTelegram()
  cleanups.push(() => fake.close())
  return fake
}

const client = (fake: FakeTelegram) =>
  createTelegramClient({
    apiUrl: fake.url,
    token: fake.token,
    chatId: '-1001',
    timeoutMs: 5_000,
    sendTimeoutMs: 5_000,
  })

/** An SMTP server that takes every message. */
function mailbox() {
  const mails: EmailMessage[] = []
  return {
    mails,
    send: async (message: EmailMessage) => (mails.push(message), { ok: true as const }),
  }
}

const events = (dir: string) => readdirSync(dir).filter((name) => !name.startsWith('.'))

describe('npm run alert: the editor events', () => {
  it('posts each event to the chat, the pause by e-mail too, and deletes them', async () => {
    const dir = spool(LOGIN, LOCKOUT)
    const fake = await chat()
    const mailer = mailbox()
    const outcome = await drainEditorEvents(
      dir,
      { telegram: client(fake), mailer, host: 'itlab-server' },
      T0 + 5 * MINUTE,
    )
    expect(outcome).toEqual({ posted: 2, problems: [] })
    expect(fake.messages.map(({ text }) => text)).toEqual([
      'Вход в редактор: 14:05, Chrome на Android\n' +
        'Если входили не вы, сообщите администратору сайта: пароль нужно сменить.',
      '⛔ Вход в редактор закрыт до 14:22: за 60 мин ввели неверный пароль 20 раз. Возможно, ' +
        'кто-то подбирает пароль. Владелица сайта сможет войти после этого времени.',
    ])
    expect(mailer.mails).toHaveLength(1)
    expect(mailer.mails[0]?.subject).toBe('IT Lab: вход в редактор закрыт до 14:22')
    expect(mailer.mails[0]?.text).toContain(
      'Сервер itlab-server: вход в редактор сайта закрыт с 14:07 до 14:22 (Астрахань) для всех',
    )
    expect(events(dir)).toEqual([])
    // The file still being written is not touched.
    expect(readdirSync(dir)).toHaveLength(1)
  })

  it('a post that fails leaves its file for the next run; one from another day names the date', async () => {
    const dir = spool({ ...LOGIN, browser: null, system: null })
    const fake = await chat()
    fake.queue({ kind: 'error', status: 502 })
    const channels = { telegram: client(fake), host: 'itlab-server' }
    const failed = await drainEditorEvents(dir, channels, T0 + 5 * MINUTE)
    expect(failed.posted).toBe(0)
    expect(failed.problems).toEqual([expect.stringContaining('it is posted on a later run')])
    expect(events(dir)).toHaveLength(1)

    const nextDay = await drainEditorEvents(dir, channels, T0 + 24 * 60 * MINUTE)
    expect(nextDay).toEqual({ posted: 1, problems: [] })
    expect(fake.messages.map(({ text }) => text.split('\n')[0])).toEqual([
      'Вход в редактор: 12.03.2026, 14:05, неизвестный браузер',
    ])
    expect(events(dir)).toEqual([])
  })

  it('leaves a file that is not an event, and says so', async () => {
    const dir = spool()
    writeFileSync(path.join(dir, `${T0}-login-${'0'.repeat(16)}.json`), '{"kind":"login"}')
    const fake = await chat()
    const outcome = await drainEditorEvents(dir, { telegram: client(fake), host: 'h' }, T0)
    expect(outcome.problems).toEqual([expect.stringContaining('is not an editor event')])
    expect(fake.messages).toEqual([])
    expect(events(dir)).toHaveLength(1)
  })

  it('EDITOR_EVENTS_DIR unset: nothing to drain; a folder not made yet: nothing either', async () => {
    expect(editorEventsDir({}, '/srv')).toBeUndefined()
    expect(editorEventsDir({ EDITOR_EVENTS_DIR: 'events' }, '/srv')).toBe('/srv/events')
    const fake = await chat()
    expect(
      await drainEditorEvents(
        path.join(tmpdir(), 'it-lab-no-such-folder'),
        { telegram: client(fake), host: 'h' },
        T0,
      ),
    ).toEqual({ posted: 0, problems: [] })
  })
})
