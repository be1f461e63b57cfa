import { describe, expect, it } from 'vitest'
import { mapLinks } from './map-links.ts'

describe('map links', () => {
  it('put a pin at the coordinates, longitude first, on both services', () => {
    expect(
      mapLinks({
        address: 'Астрахань, ул. Кирова, д. 1',
        geo: { latitude: 46.3497, longitude: 48.0408 },
      }),
    ).toEqual([
      {
        label: 'Открыть на Яндекс Картах',
        href: 'https://yandex.ru/maps/?pt=48.0408,46.3497&z=17&l=map&text=%D0%90%D1%81%D1%82%D1%80%D0%B0%D1%85%D0%B0%D0%BD%D1%8C%2C%20%D1%83%D0%BB.%20%D0%9A%D0%B8%D1%80%D0%BE%D0%B2%D0%B0%2C%20%D0%B4.%201',
      },
      { label: 'Открыть в 2ГИС', href: 'https://2gis.ru/geo/48.0408,46.3497' },
    ])
  })

  it('search the address when the facts have no coordinates', () => {
    const [yandex, twoGis] = mapLinks({ address: 'Астрахань, ул. Кирова, д. 1' })
    expect(decodeURIComponent(yandex?.href ?? '')).toBe(
      'https://yandex.ru/maps/?text=Астрахань, ул. Кирова, д. 1',
    )
    expect(decodeURIComponent(twoGis?.href ?? '')).toBe(
      'https://2gis.ru/search/Астрахань, ул. Кирова, д. 1',
    )
  })
})
