import { describe, expect, it } from 'vitest'
import { describeChanges } from './changes.ts'

const json = (data: unknown) => JSON.stringify(data, null, 2)
const nbsp = (text: string) => text.replace(/(\d) (\d)/g, '$1\u00a0$2').replace(' ₽', '\u00a0₽')

describe('describeChanges', () => {
  it('names a new entry, a deleted one and one that is not JSON', () => {
    expect(describeChanges('content/faq/a.json', null, '{}')).toEqual(['Новая запись'])
    expect(describeChanges('content/faq/a.json', '{}', null)).toEqual(['Удалена'])
    expect(describeChanges('content/faq/a.json', '{}', '{')).toEqual(['Запись изменена'])
    expect(describeChanges('content/faq/a.json', '{"order":1}', '{ "order": 1 }\n')).toEqual([
      'Поля не изменились',
    ])
  })

  it('writes a course’s prices in rubles, its choices and flags in words', () => {
    const before = {
      title: 'Python',
      level: 'middle',
      onMainPage: true,
      start: '',
      prices: { basic: 1750, month: 1500 },
      image: '/uploads/course-4.svg',
      quiz: { interest: ['games'] },
    }
    const after = {
      ...before,
      title: 'Python для подростков',
      level: 'advanced',
      onMainPage: false,
      start: '2026-09-01',
      prices: { basic: 17_500, month: 1500 },
      image: '/uploads/python.jpg',
      quiz: { interest: ['games', 'logic'] },
    }
    expect(describeChanges('content/courses/4.json', json(before), json(after))).toEqual([
      'Название: «Python» → «Python для подростков»',
      'Уровень: Средний → Продвинутый',
      'Показывать на главной: да → нет',
      'Старт: пусто → 01.09.2026',
      nbsp('Цены → Разовое посещение: 1 750 → 17 500 ₽'),
      'Картинка: другая картинка',
      'Тест для родителей → Чем ребёнок любит заниматься больше всего?: изменён выбор',
    ])
  })

  it('names the trial’s booking settings as her editor does (docs/decisions/0103)', () => {
    const before = {
      booking: { datesShown: 3, closedDays: [], remindEvening: '19:00', waitlistOffers: false },
    }
    const after = {
      booking: {
        datesShown: 2,
        closedDays: [{ from: '2026-12-31', to: '2027-01-08' }],
        remindEvening: '18:30',
        waitlistOffers: true,
      },
    }
    expect(describeChanges('content/trial-offer.json', json(before), json(after))).toEqual([
      'Запись на пробный урок → Сколько дат предлагать: 3 → 2',
      'Запись на пробный урок → Выходные и каникулы: было 0, стало 1',
      'Запись на пробный урок → Напоминание накануне, время: «19:00» → «18:30»',
      'Запись на пробный урок → Предлагать освободившееся место через бота: нет → да',
    ])
  })

  it('says what a list gained and lost, and a long text only that it changed', () => {
    const long = 'Очень длинный рассказ о курсе, '.repeat(5)
    const before = { days: ['Tuesday', 'Thursday'], text: long, order: 1 }
    const after = { days: ['Thursday', 'Saturday'], text: `${long}!`, order: 1 }
    expect(describeChanges('content/groups/a.json', json(before), json(after))).toEqual([
      'Дни занятий: добавлено: Суббота; убрано: Вторник',
      'Изменены другие поля',
    ])
    expect(
      describeChanges(
        'content/teachers/a.json',
        json({ text: long, courses: ['4', '7'] }),
        json({ text: `${long}!`, courses: ['7', '4'] }),
      ),
    ).toEqual(['О преподавателе: изменён текст', 'Ведёт курсы: изменён порядок'])
  })

  it('names the school’s facts, its sample marks and links with the editor’s words', () => {
    const before = {
      phone: { number: '+7 (8512) 00-00-00' },
      licence: { date: '2025-01-01' },
      messenger: { url: 'https://example.com/a' },
      demo: ['phone', 'licence'],
    }
    const after = {
      phone: { number: '+7 (8512) 12-34-56' },
      licence: { date: '2025-02-15' },
      messenger: { url: 'https://example.com/b' },
      demo: ['licence'],
    }
    expect(describeChanges('content/school.json', json(before), json(after))).toEqual([
      'Телефон → Номер: «+7 (8512) 00-00-00» → «+7 (8512) 12-34-56»',
      'Лицензия → Дата выдачи: 01.01.2025 → 15.02.2025',
      'Мессенджер → Ссылка: другая ссылка',
      'Ещё образец — не заполнено: убрано: Телефон',
    ])
  })

  it('compares the items of a list of cards one by one, or counts them', () => {
    const prize = (title: string) => ({ title, description: 'Описание', colour: 'blue' })
    const before = { items: [prize('Блокнот'), prize('Футболка')] }
    const renamed = { items: [prize('Блокнот'), { ...prize('Кружка'), colour: 'green' }] }
    expect(describeChanges('content/prizes.json', json(before), json(renamed))).toEqual([
      'Призы → Название: «Футболка» → «Кружка»',
      'Призы → Цвет: изменён выбор',
    ])
    const more = { items: [...before.items, prize('Часы')] }
    expect(describeChanges('content/prizes.json', json(before), json(more))).toEqual([
      'Призы: было 2, стало 3',
    ])
  })

  it('names the fields of a page’s texts', () => {
    const before = { hero: { heading: 'Научим', tags: ['Scratch', 'Python'] } }
    const after = { hero: { heading: 'Научим всему', tags: ['Scratch'] } }
    expect(describeChanges('content/pages/home.json', json(before), json(after))).toEqual([
      'Первый экран → Заголовок: «Научим» → «Научим всему»',
      'Первый экран → Направления: убрано: «Python»',
    ])
  })
})
