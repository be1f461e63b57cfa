import { describe, expect, it } from 'vitest'
import {
  outsideContentMessage,
  problemLines,
  publishedMessage,
  refusedEmail,
  refusedMessage,
} from './publish-message.ts'

const refusedBuild = `> build:release
Содержимое сайта не прошло проверку (2); папка build осталась прежней:
  content/courses/4.json: поле «Цены за занятие → Разовое посещение» (prices.basic): цена в рублях за занятие: не меньше 1 (сейчас: 0)
  content/school.json: поле «Телефон → Номер» (phone.number): должно быть 11 цифр: +7 и ещё десять (сейчас: "+7 (851) 234-56")
deploy: the release build was refused; nothing was deployed`

describe('publishing messages', () => {
  it('takes the problems a refused build lists', () => {
    expect(problemLines(refusedBuild)).toEqual([
      'content/courses/4.json: поле «Цены за занятие → Разовое посещение» (prices.basic): цена в рублях за занятие: не меньше 1 (сейчас: 0)',
      'content/school.json: поле «Телефон → Номер» (phone.number): должно быть 11 цифр: +7 и ещё десять (сейчас: "+7 (851) 234-56")',
    ])
  })

  it('tells the chat the edit is not live, and each field to fix', () => {
    expect(
      refusedMessage('Update Курсы "4"', problemLines(refusedBuild), { operatorEmailed: true }),
    ).toBe(
      [
        '✋ <b>Правка не опубликована</b>: «Update Курсы &quot;4&quot;».',
        'На сайте всё осталось как было. Исправьте в редакторе (/admin) и сохраните снова:',
        '• content/courses/4.json: поле «Цены за занятие → Разовое посещение» (prices.basic): цена в рублях за занятие: не меньше 1 (сейчас: 0)',
        '• content/school.json: поле «Телефон → Номер» (phone.number): должно быть 11 цифр: +7 и ещё десять (сейчас: &quot;+7 (851) 234-56&quot;)',
      ].join('\n'),
    )
  })

  it('counts what it leaves out of a long list', () => {
    const many = Array.from({ length: 20 }, (_, index) => `content/courses/${index}.json: поле id`)
    const text = refusedMessage('Правка', many, { operatorEmailed: false })
    expect(text).toContain('• content/courses/14.json')
    expect(text).not.toContain('content/courses/15.json')
    expect(text.endsWith('…и ещё 5')).toBe(true)
  })

  it('tells the chat a refusal that is not in the content is not hers to fix, and who knows', () => {
    const crashed = ['its lead service exited at start (1): Error: boom']
    const emailed = refusedMessage('Цена курса', crashed, { operatorEmailed: true })
    expect(emailed).toBe(
      [
        '✋ <b>Правка не опубликована</b>: «Цена курса».',
        'На сайте всё осталось как было.',
        'Правка здесь ни при чём: сайт не удалось обновить по технической причине. ' +
          'Администратор сайта получил письмо с подробностями.',
      ].join('\n'),
    )
    expect(emailed).not.toContain('Error')
    expect(refusedMessage('Цена курса', crashed, { operatorEmailed: false })).toContain(
      'Перешлите это сообщение администратору сайта.',
    )
    const both = refusedMessage('Цена курса', [...crashed, 'content/courses/1.json: поле id'], {
      operatorEmailed: true,
    })
    expect(both).toContain('Исправьте в редакторе (/admin)')
    expect(both).toContain('• content/courses/1.json: поле id')
    expect(both).toContain('Кроме того, сайт не удалось обновить по технической причине.')
  })

  it('names the files outside content/ an edit changed, and who must look at it', () => {
    const files = ['apps/lead-bot/src/main.ts', 'package.json']
    expect(outsideContentMessage('Цена <курса>', files, { operatorEmailed: true })).toBe(
      [
        '✋ <b>Правка не опубликована</b>: «Цена &lt;курса&gt;».',
        'На сайте всё осталось как было. Из редактора публикуются только тексты, цены и картинки ' +
          'сайта, а правки из редактора изменили и другие файлы:',
        '• apps/lead-bot/src/main.ts',
        '• package.json',
        'Администратор сайта получил письмо с подробностями.',
      ].join('\n'),
    )
    const many = Array.from({ length: 17 }, (_, index) => `apps/file-${index}.ts`)
    const unsent = outsideContentMessage('Правка', many, { operatorEmailed: false })
    expect(unsent).toContain('…и ещё 2\nПерешлите это сообщение администратору сайта.')
  })

  it('says when an edit is live', () => {
    expect(publishedMessage('Update Объявления')).toBe(
      '✅ <b>Опубликовано</b>: «Update Объявления». Изменения уже на сайте.',
    )
  })

  it("sends the operator every problem, whether the chat got it, and the journal's command", () => {
    const many = Array.from({ length: 20 }, (_, index) => `content/courses/${index}.json: поле id`)
    const mail = refusedEmail('Update Курсы', many, {
      host: 'itlab-server',
      chatError: 'HTTP 403 Forbidden: bot was kicked from the group chat',
    })
    expect(mail.subject).toBe('IT Lab: правка не опубликована: «Update Курсы»')
    expect(mail.text).toContain('• content/courses/19.json: поле id')
    expect(mail.text).toContain(
      'В чат школы сообщение не дошло (HTTP 403 Forbidden: bot was kicked from the group chat).',
    )
    expect(mail.text).toContain('journalctl -u it-lab-publish -n 100')
    expect(refusedEmail('Правка', [], { host: 'h' }).text).toContain(
      'Школе в чат ушло сообщение с тем, что исправить в редакторе (/admin).',
    )
  })
})
