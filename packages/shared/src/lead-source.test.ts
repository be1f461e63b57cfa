import { describe, expect, it } from 'vitest'
import { TOUCH_VALUE_MAX, cleanLeadSource, touchFromUrl } from './lead-source.ts'

describe('a lead source', () => {
  it('is kept with its visit, first visit and ClientID', () => {
    const source = {
      visit: { utm_source: 'yandex', utm_medium: 'cpc', utm_campaign: 'zima-2027', landing: '/' },
      first: { referrer: 'Yandex.RU', landing: '/course/4', yclid: '1234567890' },
      client_id: '1732000000123456789',
    }
    expect(cleanLeadSource(source)).toEqual({
      ...source,
      first: { referrer: 'yandex.ru', landing: '/course/4', yclid: '1234567890' },
    })
  })

  it('cuts a long value and makes a value one printable line', () => {
    const long = 'я'.repeat(TOUCH_VALUE_MAX + 50)
    expect(
      cleanLeadSource({ visit: { utm_campaign: long, utm_term: ' зима\n2027\u202e ' } }),
    ).toEqual({ visit: { utm_campaign: 'я'.repeat(TOUCH_VALUE_MAX), utm_term: 'зима 2027' } })
  })

  it.each([
    ['unknown keys', { visit: { utm_source: 'vk', fbclid: 'x', name: 'Анна' }, phone: '1' }],
    ['values of the wrong kind', { visit: { utm_source: 'vk', utm_medium: 42, gclid: ['a'] } }],
    ['a ClientID that is not one', { visit: { utm_source: 'vk' }, client_id: 'abc' }],
    ['a referrer that is no host', { visit: { utm_source: 'vk', referrer: 'https://a.ru/x?y' } }],
    ['a landing page that is no path', { visit: { utm_source: 'vk', landing: 'http://x.ru/' } }],
  ])('drops %s and keeps the rest', (_case, source) => {
    expect(cleanLeadSource(source)).toEqual({ visit: { utm_source: 'vk' } })
  })

  it.each([
    ['text', 'yandex'],
    ['a list', [1]],
    ['null', null],
    ['nothing in it', { visit: {} }],
  ])('of %s is no source, and nothing throws', (_case, source) => {
    expect(cleanLeadSource(source)).toBeUndefined()
  })

  it('is read from an address: its tags and its path', () => {
    const url = new URL(
      'https://itlab-school.ru/course/4?utm_source=yandex&utm_medium=cpc&yclid=77&name=Анна',
    )
    expect(touchFromUrl(url)).toEqual({
      utm_source: 'yandex',
      utm_medium: 'cpc',
      yclid: '77',
      landing: '/course/4',
    })
  })
})
