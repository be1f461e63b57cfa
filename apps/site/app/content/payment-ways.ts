import type { SchoolFacts } from '@it-lab/shared/school-facts-schema'

// «Как оплатить обучение» (docs/decisions/0076-answers-reviews-way-licence.md): the ways to pay
// the owner confirmed in the school's facts, each explained in general words (no amounts, no
// promises: the rules are the tax office's, the Social Fund's and the region's). All of them
// need the school's education licence, so without one there is nothing to show.

export type PaymentWay = {
  id: 'taxDeduction' | 'maternityCapital' | 'pfdo'
  title: string
  paragraphs: string[]
  link?: { href: string; label: string }
}

/** The ways to pay the facts confirm; none without a licence. */
export function paymentWays({
  licence,
  payments,
}: Pick<SchoolFacts, 'licence' | 'payments'>): PaymentWay[] {
  if (!licence || !payments) return []
  const ways: PaymentWay[] = []
  if (payments.taxDeduction) {
    ways.push({
      id: 'taxDeduction',
      title: 'Налоговый вычет',
      paragraphs: [
        'Родитель, который платит налог на доходы, может вернуть часть денег, потраченных на обучение ребёнка, — это социальный налоговый вычет. Его дают за обучение в организации с лицензией на образовательную деятельность; реквизиты нашей лицензии указаны на странице «Сведения об образовательной организации».',
        'Вычет заявляют в налоговой инспекции, обычно по окончании года, в котором вы платили. Понадобятся договор со школой, реквизиты лицензии и документы об оплате. Какие документы нужны именно вам и сколько можно вернуть, подскажут в налоговой инспекции и на сайте ФНС.',
      ],
    })
  }
  if (payments.maternityCapital) {
    ways.push({
      id: 'maternityCapital',
      title: 'Материнский капитал',
      paragraphs: [
        'Средствами материнского (семейного) капитала можно оплатить платные занятия ребёнка в организации с лицензией на образовательную деятельность.',
        'Для этого со школой заключают договор и вместе с заявлением подают его в Социальный фонд России — через Госуслуги или в клиентской службе фонда. Фонд рассматривает заявление и сам перечисляет деньги школе. Условия и сроки уточняйте в Социальном фонде.',
      ],
    })
  }
  if (payments.pfdo) {
    ways.push({
      id: 'pfdo',
      title: 'Сертификат дополнительного образования (ПФДО)',
      paragraphs: [
        'Занятия можно оплатить сертификатом персонифицированного финансирования дополнительного образования. Сертификат оформляют на ребёнка в навигаторе дополнительного образования региона; там же выбирают программу и записываются на неё.',
        'Какую часть стоимости покрывает сертификат, зависит от правил региона: уточните это в навигаторе или у нас.',
      ],
      ...(payments.pfdoUrl
        ? {
            link: {
              href: payments.pfdoUrl,
              label: 'Открыть навигатор дополнительного образования',
            },
          }
        : {}),
    })
  }
  return ways
}
