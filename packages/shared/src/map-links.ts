import type { SchoolFacts } from './content/school-facts-schema.ts'

// The way to the school on a map: plain links to Яндекс Карты and 2ГИС, built from the school's
// facts, for the site and her trial's page. Nothing of a map service loads until a parent taps one
// (docs/decisions/0076-answers-reviews-way-licence.md).

export type MapLink = { label: string; href: string }

type Place = {
  /** As a map service searches it: 'Астрахань, ул. Кирова, д. 1'. */
  address: string
  geo?: SchoolFacts['geo']
}

/** «Открыть на Яндекс Картах», «Открыть в 2ГИС»: a pin at the coordinates, else a search. */
export function mapLinks({ address, geo }: Place): MapLink[] {
  const query = encodeURIComponent(address)
  if (geo) {
    // Both services take longitude first.
    const point = `${geo.longitude},${geo.latitude}`
    return [
      {
        label: 'Открыть на Яндекс Картах',
        href: `https://yandex.ru/maps/?pt=${point}&z=17&l=map&text=${query}`,
      },
      { label: 'Открыть в 2ГИС', href: `https://2gis.ru/geo/${point}` },
    ]
  }
  return [
    { label: 'Открыть на Яндекс Картах', href: `https://yandex.ru/maps/?text=${query}` },
    { label: 'Открыть в 2ГИС', href: `https://2gis.ru/search/${query}` },
  ]
}
