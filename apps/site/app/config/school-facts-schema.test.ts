import { describe, expect, it } from 'vitest'
import { dateYearWindow } from '@it-lab/shared/content'
import {
  FACT_MAX,
  isValidOgrnip,
  isValidPersonalInn,
  parseSchoolFacts,
  type SchoolFactsFile,
} from '@it-lab/shared/school-facts-schema'
import { completeSchoolFacts } from '../../harness/complete-school-facts.ts'

const valid: SchoolFactsFile = { ...completeSchoolFacts, siteUrl: 'https://itlab-school.ru/' }

function problemsOf(file: SchoolFactsFile): string[] {
  try {
    parseSchoolFacts(file)
    return []
  } catch (error) {
    return (error as { problems: string[] }).problems
  }
}

describe('school facts', () => {
  it('derives the dialled number and drops the trailing slash of the site URL', () => {
    const { facts, demoFields } = parseSchoolFacts(valid)
    expect(facts.phone.tel).toBe('+78512123456')
    expect(facts.siteUrl).toBe('https://itlab-school.ru')
    expect(facts.openingHours).toBeUndefined()
    expect(demoFields).toEqual([])
  })

  it('an optional fact may be left out', () => {
    const withoutMessenger: SchoolFactsFile = { ...completeSchoolFacts }
    delete withoutMessenger.messenger
    expect(parseSchoolFacts(withoutMessenger).facts.messenger).toBeUndefined()
  })

  it('refuses a name, a street or a contact too long for the pages, and a year out of the window', () => {
    const problems = problemsOf({
      ...valid,
      name: 'Ш'.repeat(FACT_MAX.name + 1),
      address: { ...valid.address, street: 'у'.repeat(5000) },
      policiesEffectiveDate: '1907-01-12',
    })
    const { min, max } = dateYearWindow()
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(`^поле «Название школы» \\(name\\): не длиннее ${FACT_MAX.name} знаков`),
      ),
      expect.stringMatching(
        new RegExp(
          `^поле «Адрес → Улица и дом» \\(address.street\\): не длиннее ${FACT_MAX.street} знаков`,
        ),
      ),
      `поле «Дата вступления политик в силу» (policiesEffectiveDate): год — от ${min} до ${max} (сейчас: "1907-01-12")`,
    ])
  })

  it('reports the facts still marked as samples', () => {
    const { facts, demoFields } = parseSchoolFacts({ ...valid, demo: ['email'] })
    expect(facts.email).toBe(valid.email)
    expect(demoFields).toEqual(['email'])
  })

  it('leaves out an optional fact the editor saved empty', () => {
    const { facts } = parseSchoolFacts({
      ...valid,
      messenger: { name: '', contact: '', url: '' },
      openingHours: [],
    })
    expect(facts.messenger).toBeUndefined()
    expect(facts.openingHours).toBeUndefined()
  })

  it('checks the ИНН and ОГРНИП check digits', () => {
    expect(isValidPersonalInn('301234567878')).toBe(true)
    expect(isValidPersonalInn('301234567870')).toBe(false)
    expect(isValidPersonalInn('30123456787')).toBe(false)
    expect(isValidOgrnip('312300000012348')).toBe(true)
    expect(isValidOgrnip('312300000012340')).toBe(false)
    expect(isValidOgrnip('112300000012348')).toBe(false)
  })

  it('names every field that breaks its rule, and the rule', () => {
    expect(
      problemsOf({
        ...valid,
        phone: { number: '8 (8512) 12-34-56', short: '99-99' },
        owner: { name: 'Иванова', inn: '3012345678', ogrnip: '312300000012340' },
        email: 'nope',
        siteUrl: 'http://itlab-school.ru',
        policiesEffectiveDate: '2026-02-30',
        openingHours: [{ days: ['Funday' as 'Monday'], opens: '9:00', closes: '20:00' }],
      }),
    ).toEqual([
      'поле «Телефон → Номер» (phone.number): должен начинаться с +7, дальше только цифры, пробелы, скобки и дефисы (сейчас: "8 (8512) 12-34-56")',
      'поле «Телефон → Короткий номер» (phone.short): должен совпадать с последними цифрами номера (сейчас: "99-99")',
      'поле «Эл. почта» (email): нужен адрес электронной почты (сейчас: "nope")',
      'поле «Владелец → ИП» (owner.name): должно начинаться с «ИП » и полного имени (сейчас: "Иванова")',
      'поле «Владелец → ИНН» (owner.inn): ИНН: 12 цифр с верными контрольными цифрами (сейчас: "3012345678")',
      'поле «Владелец → ОГРНИП» (owner.ogrnip): ОГРНИП: 15 цифр, первая 3, с верной контрольной цифрой (сейчас: "312300000012340")',
      'поле «Часы работы → Дни» (openingHours.0.days.0): дни недели по-английски: Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday (сейчас: "Funday")',
      'поле «Часы работы → С» (openingHours.0.opens): нужно время в виде ЧЧ:ММ (сейчас: "9:00")',
      'поле «Дата вступления политик в силу» (policiesEffectiveDate): такой даты нет в календаре (сейчас: "2026-02-30")',
      'поле «Адрес сайта» (siteUrl): нужна ссылка, начинающаяся с https:// (сейчас: "http://itlab-school.ru")',
    ])
  })

  it('the shipped file parses, so `npm start` works on a fresh machine', async () => {
    const { readSchoolFactsFile } = await import('./school-facts.ts')
    expect(parseSchoolFacts(readSchoolFactsFile()).demoFields.length).toBeGreaterThan(0)
  })
})

describe('the place, the licence and the ways to pay', () => {
  it('reads coordinates typed as the map shows them, a comma too, and refuses a slip', () => {
    const { facts } = parseSchoolFacts({
      ...valid,
      geo: { latitude: '46.349700', longitude: '48,0408' },
    })
    expect(facts.geo).toEqual({ latitude: 46.3497, longitude: 48.0408 })
    expect(problemsOf({ ...valid, geo: { latitude: 463.497, longitude: 'сорок восемь' } })).toEqual(
      [
        'поле «Координаты на карте → Широта» (geo.latitude): широта: от 41 до 82 — так ли вписано число?',
        'поле «Координаты на карте → Долгота» (geo.longitude): долгота: нужно число, например 48.040800 (сейчас: "сорок восемь")',
      ],
    )
  })

  it('leaves out a licence, a place and the ways to pay the editor saved empty', () => {
    const { facts } = parseSchoolFacts({
      ...valid,
      geo: { latitude: '', longitude: '' },
      licence: { number: '', date: '', issuer: '' },
    })
    expect(facts.geo).toBeUndefined()
    expect(facts.licence).toBeUndefined()
    expect(facts.payments).toBeUndefined()
  })

  it('asks for the whole licence once any of it is filled in', () => {
    expect(
      problemsOf({ ...valid, licence: { number: 'Л035-01234-30/00123456', date: '', issuer: '' } }),
    ).toEqual([
      'поле «Лицензия → Дата выдачи» (licence.date): нужна дата в виде ГГГГ-ММ-ДД (сейчас: "")',
      'поле «Лицензия → Кем выдана» (licence.issuer): не должно быть пустым (сейчас: "")',
    ])
  })
})
