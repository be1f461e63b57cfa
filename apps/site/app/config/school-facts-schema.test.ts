import { describe, expect, it } from 'vitest'
import {
  demo,
  isValidOgrnip,
  isValidPersonalInn,
  parseSchoolFacts,
  type SchoolFactsFile,
} from './school-facts-schema.ts'
import { completeSchoolFacts } from '../../test/complete-school-facts.ts'

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

  it('records where demo values are and unwraps them', () => {
    const { facts, demoFields } = parseSchoolFacts({ ...valid, email: demo('a@b.ru') })
    expect(facts.email).toBe('a@b.ru')
    expect(demoFields).toEqual(['email'])
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
      'phone.number: must start with +7 and hold only digits, spaces, brackets and dashes (got "8 (8512) 12-34-56")',
      'phone.short: must be the last digits of phone.number (got "99-99")',
      'email: must be an e-mail address (got "nope")',
      'owner.name: must start with «ИП » and the full name (got "Иванова")',
      'owner.inn: ИНН must be 12 digits with valid check digits (got "3012345678")',
      'owner.ogrnip: ОГРНИП must be 15 digits starting with 3, with a valid check digit (got "312300000012340")',
      'openingHours.0.days.0: must be English weekday names: Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday (got "Funday")',
      'openingHours.0.opens: must be a time as HH:MM (got "9:00")',
      'policiesEffectiveDate: must be a real calendar date (got "2026-02-30")',
      'siteUrl: must be an https:// URL (got "http://itlab-school.ru")',
    ])
  })

  it('the shipped file parses, so `npm start` works on a fresh machine', async () => {
    const { schoolFacts } = await import('./school-facts.ts')
    expect(parseSchoolFacts(schoolFacts).demoFields.length).toBeGreaterThan(0)
  })
})
