import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  ContentError,
  formatProblem,
  PAGE_TEXT_FILES,
  PAGE_TEXT_LIMITS,
  type PageTextKind,
} from '@it-lab/shared/content'
import { afterEach, describe, expect, it } from 'vitest'
import { readPageTexts } from './content-files.ts'
import { HOME_TEXTS } from './home-texts.ts'
import { COURSE_TEXTS, OTHER_TEXTS } from './page-texts.ts'
import { PRICE_PLANS } from './price-plans.ts'

const shipped = path.join(import.meta.dirname, '../../../../content')
const scratch: string[] = []

type Json = Record<string, Record<string, unknown>>

/** A copy of the shipped content with `edit` applied to one page-text file. */
function contentWith(kind: PageTextKind, edit: (file: Json) => void): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'page-texts-')), 'content')
  scratch.push(path.dirname(dir))
  cpSync(shipped, dir, { recursive: true })
  const file = path.join(dir, PAGE_TEXT_FILES[kind])
  const data = JSON.parse(readFileSync(file, 'utf8')) as Json
  edit(data)
  writeFileSync(file, JSON.stringify(data))
  return dir
}

/** The problems readPageTexts reports, one a line. */
function problemsOf(dir: string): string[] {
  try {
    readPageTexts(dir)
  } catch (error) {
    if (error instanceof ContentError) return error.problems.map(formatProblem)
    throw error
  }
  return []
}

afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('page texts (content/pages/)', () => {
  it('ship the texts the pages had in code, word for word', () => {
    expect(HOME_TEXTS.hero.heading).toBe(
      'Научим ребёнка программировать — с любого возраста до уровня профессионала',
    )
    expect(HOME_TEXTS.hero.tags).toEqual([
      'Scratch',
      'Roblox',
      'Python',
      'HTML/CSS',
      'Компьютерная грамотность',
    ])
    expect(HOME_TEXTS.announcements).toEqual({
      eyebrow: 'Новости школы',
      title: 'Объявления',
      lead: '',
    })
    expect(COURSE_TEXTS.sections.benefits).toBe('По завершении курса вы получите:')
    expect(PRICE_PLANS.map(({ label, badge }) => [label, badge])).toEqual([
      ['Разовое посещение', undefined],
      ['за 1 месяц', undefined],
      ['от 4 месяцев', undefined],
      ['Полный курс', 'Выгодно'],
    ])
    expect(OTHER_TEXTS.catalogue.title).toBe('Наши курсы')
  })

  it('read a changed value from the file', () => {
    const dir = contentWith('home', (file) => {
      Object.assign(file.hero ?? {}, { heading: 'Программирование для детей в Астрахани' })
    })
    expect(readPageTexts(dir).home.hero.heading).toBe('Программирование для детей в Астрахани')
    const search = contentWith('search', (file) => {
      Object.assign(file.courses ?? {}, { title: 'Все курсы школы' })
    })
    expect(readPageTexts(search).search.courses.title).toBe('Все курсы школы')
  })

  it('refuse a text longer than its limit, naming the field as the editor labels it', () => {
    const heading = 'Научим '.repeat(14).trim()
    expect(heading.length).toBeGreaterThan(PAGE_TEXT_LIMITS.heroHeading)
    const dir = contentWith('home', (file) => {
      Object.assign(file.hero ?? {}, { heading })
      Object.assign(file.quiz ?? {}, { title: '' })
    })
    expect(problemsOf(dir)).toEqual([
      `content/pages/home.json: поле «Первый экран → Заголовок» (hero.heading): не длиннее 90 знаков (сейчас: ${JSON.stringify(heading)})`,
      'content/pages/home.json: поле «Тест для родителей → Заголовок» (quiz.title): не должно быть пустым (сейчас: "")',
    ])
  })

  it('refuse a word too long for a phone, and a search description too long', () => {
    const description = 'Курсы программирования для детей. '.repeat(6).trim()
    const dir = contentWith('course', (file) => {
      Object.assign(file.plans?.year ?? {}, { label: 'Полныйкурсбезперерывов' })
    })
    const search = contentWith('search', (file) => {
      Object.assign(file.home ?? {}, { description })
    })
    expect(problemsOf(dir)).toEqual([
      'content/pages/course.json: поле «Карточки цен → Полный курс → Название на карточке» (plans.year.label): слово длиннее 17 букв не поместится на экране телефона: разбейте его или сократите (сейчас: "Полныйкурсбезперерывов")',
    ])
    expect(problemsOf(search)).toEqual([
      `content/pages/search.json: поле «Главная → Описание в поиске» (home.description): не длиннее 180 знаков (сейчас: ${JSON.stringify(description)})`,
    ])
  })

  it('list the problems of every page-text file at once', () => {
    const dir = contentWith('other', (file) => {
      delete file.contact
    })
    writeFileSync(path.join(dir, PAGE_TEXT_FILES.search), '{ not json')
    const problems = problemsOf(dir)
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/^content\/pages\/other\.json: поле «Запись на занятие/)
    expect(problems[1]).toMatch(/^content\/pages\/search\.json: весь файл: это не JSON/)
  })
})
