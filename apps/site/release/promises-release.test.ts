// @vitest-environment node
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { contentDir } from '@it-lab/shared/content'
import { afterAll, describe, expect, it } from 'vitest'
import { completeSchoolFacts } from '../harness/complete-school-facts.ts'
import { problemLine } from './check-problems.ts'
import { contentLaunchBlockers, launchBlockers, type ContentFile } from '@it-lab/content-check'
import { releaseProblems } from './release-check.ts'
import { contentWithShippedSamples } from './shipped-content.ts'

// The promises the release check refuses until the owner gives their terms or confirms them
// (docs/decisions/0089-every-promise-is-content.md): a prize draw without its dates, organiser and
// rules (38-ФЗ «О рекламе», ст. 9), a promo code without its terms, a promise still ticked
// «Образец». A preview accepts them; the launch does not.

/** A file of the school's content (CONTENT_DIR or content/), e.g. 'prizes.json'. */
const read = (file: string): unknown =>
  JSON.parse(readFileSync(path.join(contentDir(), file), 'utf8'))

// The school may have removed the prizes and the promo code: the tests give their own.
const shippedPrizes = read('prizes.json') as Record<string, unknown>
const shippedPromises = read('promises.json') as Record<string, Record<string, unknown>>

const ITEMS = [
  {
    title: 'Фирменная футболка',
    description: 'Футболка с символикой IT Lab.',
    colour: 'orange',
    icon: 'shirt',
  },
]
const CODE = 'ТЕСТ-10'

const DRAW = {
  start: '2026-09-01',
  end: '2027-05-31',
  organiser: 'ИП Иванова Анна Петровна, ИНН 301234567878',
  rulesUrl: 'https://vk.com/itlab?w=wall-1_2',
  receiving: '',
}

const prizes = (draw: Partial<typeof DRAW>, items: unknown[] = ITEMS): ContentFile => ({
  file: 'content/prizes.json',
  value: { ...shippedPrizes, items, draw: { ...DRAW, ...draw }, sample: false },
})

const promises = (quizPromo: Record<string, unknown>): ContentFile => ({
  file: 'content/promises.json',
  value: {
    format: { ...shippedPromises.format, sample: false },
    completion: { ...shippedPromises.completion, sample: false },
    quizPromo: { ...shippedPromises.quizPromo, code: CODE, ...quizPromo, sample: false },
  },
})

const env = { SITE_URL: 'https://itlab-school.ru', LEAD_API_URL: 'https://itlab-school.ru/lead' }
const documents = [{ file: 'client/index.html', html: '<html><body><p>Школа</p></body></html>' }]

/** The release check's lines for these content files, the school's facts complete. */
const refusals = (contentFiles: ContentFile[], preview = false) =>
  releaseProblems({
    factsFile: completeSchoolFacts,
    contentFiles,
    env,
    documents,
    preview,
  }).map(problemLine)

describe('the release check refuses', () => {
  it('a prize draw without its dates, organiser and rules, naming each that is missing', () => {
    const lines = refusals([prizes({ start: '', end: '', organiser: '', rulesUrl: '' })])
    expect(lines).toEqual([
      'content/prizes.json: «Призы» — розыгрыш без сроков, организатора и ссылки на правила: закон о рекламе (38-ФЗ, ст. 9) требует назвать сроки розыгрыша и где узнать об организаторе, правилах, числе призов, сроках, месте и порядке их получения; впишите их в «Розыгрыш» или удалите все призы',
    ])
    expect(refusals([prizes({ end: '' })])).toEqual([
      expect.stringContaining('«Призы» — розыгрыш без сроков:'),
    ])
    expect(refusals([prizes({ organiser: ' ' })])).toEqual([
      expect.stringContaining('«Призы» — розыгрыш без организатора:'),
    ])
    expect(refusals([prizes({ rulesUrl: '' })])).toEqual([
      expect.stringContaining('«Призы» — розыгрыш без ссылки на правила:'),
    ])
  })

  it('no draw with its terms given, nor prizes removed altogether', () => {
    expect(refusals([prizes({})])).toEqual([])
    expect(refusals([prizes({ start: '', organiser: '', rulesUrl: '' }, [])])).toEqual([])
  })

  it('a promo code without its terms: what it discounts, whether it adds to a plan’s discount', () => {
    expect(refusals([promises({ appliesTo: '', combines: '' })])).toEqual([
      'content/promises.json: «Промокод за тест» — у промокода «ТЕСТ-10» не хватает условий: впишите, на что скидка, и выберите, суммируется ли она со скидкой абонемента, или сотрите промокод',
    ])
    expect(refusals([promises({ appliesTo: 'первый месяц занятий', combines: '' })])).toEqual([
      expect.stringContaining(
        'не хватает условий: выберите, суммируется ли она со скидкой абонемента, или сотрите',
      ),
    ])
    expect(refusals([promises({ appliesTo: '', combines: 'no' })])).toEqual([
      expect.stringContaining('не хватает условий: впишите, на что скидка, или сотрите'),
    ])
  })

  it('no promo code with its terms, nor none at all', () => {
    expect(refusals([promises({ appliesTo: 'первый месяц занятий', combines: 'no' })])).toEqual([])
    expect(refusals([promises({ code: '', appliesTo: '', combines: '' })])).toEqual([])
  })

  it('neither in a preview, which shows the samples and promises before the launch', () => {
    expect(
      refusals(
        [prizes({ start: '', organiser: '', rulesUrl: '' }), promises({ appliesTo: '' })],
        true,
      ),
    ).toEqual([])
  })
})

describe('the launch list', () => {
  // The school's content copied, with the four files as the repository ships them put back.
  const promiseFiles = ['prizes.json', 'trial-offer.json', 'promises.json', 'pages/home.json']
  const withShipped = contentWithShippedSamples((file) => promiseFiles.includes(file))
  afterAll(() => rmSync(path.dirname(withShipped), { recursive: true, force: true }))

  it('names each promise the repository ships still ticked «Образец», by its place in the editor', async () => {
    const items = await contentLaunchBlockers(withShipped)
    const promised = items
      .filter(({ file }) => promiseFiles.map((name) => `content/${name}`).includes(file))
      .map(({ file, kind, subject }) => `${file} ${kind} ${subject}`)
    expect(promised).toEqual([
      'content/pages/home.json sample-entry Главная страница → Первый экран',
      'content/prizes.json sample-entry Призы',
      'content/prizes.json missing-terms Призы → Розыгрыш',
      'content/promises.json sample-entry Обещания и скидки → Как проходят занятия',
      'content/promises.json sample-entry Обещания и скидки → После курса',
      'content/promises.json sample-entry Обещания и скидки → Промокод за тест',
      'content/promises.json missing-terms Промокод за тест',
      'content/trial-offer.json sample-entry Пробный урок → Как проходит пробный урок',
    ])
  })

  it('lets the owner keep a promise’s words once she confirms them: no tick, no item', () => {
    const confirmed = promises({ appliesTo: 'первый месяц занятий', combines: 'no' })
    expect(launchBlockers(completeSchoolFacts, [confirmed])).toEqual([])
    const trial = read('trial-offer.json') as Record<string, Record<string, unknown>>
    expect(
      launchBlockers(completeSchoolFacts, [
        {
          file: 'content/trial-offer.json',
          value: { ...trial, details: { ...trial.details, sample: false } },
        },
      ]),
    ).toEqual([])
  })
})
