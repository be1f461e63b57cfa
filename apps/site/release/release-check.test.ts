// @vitest-environment node
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { completeSchoolFacts } from '../harness/complete-school-facts.ts'
import { parseSchoolFacts } from '@it-lab/shared/school-facts-schema'
import { personalDataPolicy } from '#app/content/policies/personal-data-policy.ts'
import { policyContext } from '#app/content/policies/policy-context.ts'
import { policyPlainText } from '#app/content/policies/policy-document.ts'
import { readBuildSettings } from '../vite/build-settings.ts'
import { policySettingsOf } from '../vite/consent-version.ts'
import { problemLine, type CheckProblem } from './check-problems.ts'
import { contentLaunchBlockers, readContentFiles, SHIPPED_STAND_INS } from '@it-lab/content-check'
import {
  releaseFailure,
  releaseProblems as checked,
  visibleStrings,
  type ReleaseInput,
} from './release-check.ts'
import { shippedFile } from '@it-lab/content-check/shipped-fixture'
import { contentWithShippedSamples } from './shipped-content.ts'

const complete = completeSchoolFacts
/** The problems as the chat lists them: `file: text`. */
const releaseProblems = (input: ReleaseInput) => checked(input).map(problemLine)
/** content/school.json as the repository ships it, whatever the school filled in. */
const schoolFacts = JSON.parse(shippedFile('school.json').toString('utf8')) as typeof complete & {
  demo: string[]
}

const releaseEnv = {
  SITE_URL: 'https://itlab-school.ru',
  LEAD_API_URL: 'https://itlab-school.ru/lead',
}

const page = (body: string) =>
  `<!DOCTYPE html><html><head><meta name="description" content="Школа"/>` +
  `<script>window.__x = ["[0]", "http://127.0.0.1:3000"]</script></head>` +
  `<body class="min-h-[70vh]">${body}</body></html>`

const completePage = page(
  '<footer><p>ИП Иванова Анна Петровна, ИНН 301234567878</p><a href="tel:+78512123456">12-34-56</a></footer>' +
    '<script type="application/ld+json">{"url":"https://itlab-school.ru/","dayOfWeek":["https://schema.org/Monday"]}</script>',
)

describe('release check', () => {
  describe('the lead channels', () => {
    const channelEnv = {
      ...releaseEnv,
      SMTP_URL: 'smtps://site%40itlab-school.ru:pw@smtp.yandex.ru:465',
      LEAD_EMAIL_TO: 'school@itlab-school.ru',
      BITRIX24_WEBHOOK_URL: 'https://itlab-school.bitrix24.ru/rest/1/code/',
    }
    /** The personal data policy page as a build with `env` renders its text. */
    const policyPage = (env: Record<string, string>) => ({
      file: 'client/personal-data/index.html',
      html: page(
        policyPlainText(
          personalDataPolicy(
            policyContext(
              parseSchoolFacts(complete).facts,
              policySettingsOf(readBuildSettings(env)),
            ),
          ),
        )
          .split('\n')
          .map((line) => `<p>${line.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</p>`)
          .join(''),
      ),
    })

    it('passes channels the built policies name', () => {
      const problems = releaseProblems({
        factsFile: complete,
        env: channelEnv,
        documents: [{ file: 'client/index.html', html: completePage }, policyPage(channelEnv)],
      })
      expect(problems).toEqual([])
    })

    it('refuses a channel on in the lead service whose policy text the build lacks', () => {
      const problems = releaseProblems({
        factsFile: complete,
        env: channelEnv,
        // Built before Bitrix24 was set: its policies name the e-mail only.
        documents: [
          { file: 'client/index.html', html: completePage },
          policyPage({ ...channelEnv, BITRIX24_WEBHOOK_URL: '' }),
        ],
      })
      expect(problems).toEqual([
        'BITRIX24_WEBHOOK_URL: сервис заявок передаёт заявки получателю «CRM-система «Битрикс24» (портал Оператора itlab-school.bitrix24.ru)», но в политиках на страницах этой сборки он не назван: соберите сайт с настройками сервиса заявок (из того же env-файла)',
      ])
    })

    it('refuses a webhook whose receiver is not named', () => {
      const problems = releaseProblems({
        factsFile: complete,
        env: { ...releaseEnv, LEAD_WEBHOOK_URL: 'https://hook.albato.ru/x' },
        documents: [{ file: 'client/index.html', html: completePage }],
      })
      expect(problems).toContainEqual(
        expect.stringMatching(/^LEAD_WEBHOOK_RECEIVER: нужен вместе с LEAD_WEBHOOK_URL/),
      )
    })
  })

  it('passes a complete school with https settings and a clean build', () => {
    expect(
      releaseProblems({
        factsFile: complete,
        env: releaseEnv,
        documents: [{ file: 'client/index.html', html: completePage }],
      }),
    ).toEqual([])
  })

  it("refuses today's demo facts and default settings, listing every problem at once", () => {
    const demoPage = page(
      '<p>ИП [Фамилия Имя Отчество], ИНН 000000000000</p><a href="http://127.0.0.1:3000/">x</a><span>00-00-00</span>',
    )
    const problems = releaseProblems({
      factsFile: schoolFacts,
      env: {},
      documents: [
        { file: 'client/index.html', html: demoPage },
        { file: 'client/courses/index.html', html: demoPage },
      ],
    })
    for (const field of [
      'phone',
      'address',
      'messenger',
      'email',
      'owner',
      'policiesEffectiveDate',
      'siteUrl',
    ]) {
      expect(problems).toContainEqual(
        expect.stringMatching(
          new RegExp(`^content/school\\.json: «[^»]+» \\(${field}\\) — ещё пример`),
        ),
      )
    }
    expect(problems).toContain(
      'content/school.json: «Телефон» (phone) — ещё пример, а не сведения школы: впишите настоящее значение и уберите «Телефон» из списка «Ещё образец»',
    )
    // A fact still listed «Ещё образец» is one line, its placeholders and stand-ins with it.
    expect(problems.filter((line) => line.includes('(address'))).toHaveLength(1)
    expect(problems).toContain(
      'SITE_URL: не задан — впишите публичный адрес сайта, который начинается с https://',
    )
    expect(problems).toContain(
      'LEAD_API_URL: нужен адрес, который начинается с https:// (сейчас не задан, поэтому берётся http://127.0.0.1:3001)',
    )
    // The pages showing those facts add nothing: the facts' lines say what to change. A page
    // showing what no content file holds is named, in Russian.
    expect(problems.filter((line) => line.startsWith('страницы'))).toEqual([
      'страницы: «http://127.0.0.1:3000» на 2 страницах (client/index.html, client/courses/index.html): образец или заглушка, а не сведения школы',
    ])
  })

  it('refuses http, loopback or mismatched URLs', () => {
    const check = (env: NodeJS.ProcessEnv) =>
      releaseProblems({
        factsFile: complete,
        env,
        documents: [{ file: 'a.html', html: completePage }],
      })
    expect(check({ ...releaseEnv, SITE_URL: 'http://itlab-school.ru' })).toEqual([
      'SITE_URL: нужен адрес, который начинается с https:// (сейчас «http://itlab-school.ru»)',
    ])
    expect(check({ ...releaseEnv, SITE_URL: 'https://127.0.0.1' })).toEqual([
      'content/school.json: «Адрес сайта» (siteUrl) — «https://itlab-school.ru», а сайт работает по адресу https://127.0.0.1 (настройка SITE_URL на сервере): впишите https://127.0.0.1',
      'SITE_URL: это адрес самого сервера, а нужен публичный адрес (сейчас «https://127.0.0.1»)',
    ])
    expect(check({ ...releaseEnv, LEAD_API_URL: 'http://itlab-school.ru/lead' })).toEqual([
      'LEAD_API_URL: нужен адрес, который начинается с https:// (сейчас «http://itlab-school.ru/lead»)',
    ])
    expect(check({ ...releaseEnv, TELEGRAM_NOTIFY: 'some' })).toEqual([
      'TELEGRAM_NOTIFY: может быть только full или minimal (сейчас «some»)',
    ])
  })

  it('names a demo value left anywhere, a placeholder, and a malformed fact', () => {
    const problems = releaseProblems({
      factsFile: {
        ...complete,
        demo: ['email'],
        address: { street: 'ул. [Улица], д. 1', postalCode: '414000' },
        owner: { ...complete.owner, inn: '301234567800' },
      },
      env: releaseEnv,
      documents: [{ file: 'a.html', html: completePage }],
    })
    expect(problems).toEqual([
      'content/school.json: «Эл. почта» (email) — ещё пример, а не сведения школы: впишите настоящее значение и уберите «Эл. почта» из списка «Ещё образец»',
      'content/school.json: «Адрес → Улица и дом» (address.street) — заглушка «[Улица]»: впишите настоящее значение',
      'content/school.json: поле «Владелец → ИНН» (owner.inn): ИНН: 12 цифр с верными контрольными цифрами (сейчас: "301234567800")',
    ])
  })

  it('refuses every stand-in the repository ships even with its `demo` mark cleared', () => {
    const problems = releaseProblems({
      factsFile: { ...schoolFacts, demo: [] },
      env: releaseEnv,
      documents: [{ file: 'a.html', html: completePage }],
    })
    expect(problems.filter((line) => line.includes('ещё образец'))).toEqual([])
    for (const [field, value] of [
      ['«Телефон → Номер» (phone.number)', '+7 (8512) 00-00-00'],
      ['«Телефон → Короткий номер» (phone.short)', '00-00-00'],
      ['«Мессенджер → Название» (messenger.name)', 'Мессенджер'],
      ['«Мессенджер → Номер или имя» (messenger.contact)', '+7 (900) 000-00-00'],
      ['«Владелец → ИНН» (owner.inn)', '000000000000'],
      ['«Владелец → ОГРНИП» (owner.ogrnip)', '300000000000004'],
    ]) {
      expect(problems).toContain(
        `content/school.json: ${field} — образец «${value}» из репозитория, а не сведения школы: впишите настоящее значение`,
      )
    }
    for (const field of ['messenger.url', 'email', 'siteUrl', 'address.street', 'owner.name']) {
      expect(problems).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^content/school\\.json: «[^»]+» \\(${field.replace('.', '\\.')}\\) — заглушка`,
          ),
        ),
      )
    }
    // …and on a page that shows one.
    const shown = releaseProblems({
      factsFile: complete,
      env: releaseEnv,
      documents: [
        { file: 'a.html', html: page('<p>ИНН 000000000000</p><p>+7 (8512) 00-00-00</p>') },
      ],
    })
    expect(shown).toEqual([
      'страницы: «000000000000» на 1 странице (a.html): образец или заглушка, а не сведения школы',
      'страницы: «+7 (8512) 00-00-00» на 1 странице (a.html): образец или заглушка, а не сведения школы',
    ])
  })

  it('names how many pages show a stand-in, in Russian plurals', () => {
    const shownOn = (count: number) =>
      releaseProblems({
        factsFile: complete,
        env: releaseEnv,
        documents: Array.from({ length: count }, (_, i) => ({
          file: `p${i}.html`,
          html: page('<p>000000000000</p>'),
        })),
      })[0]
    expect(shownOn(2)).toMatch(/^страницы: «000000000000» на 2 страницах \(p0\.html, p1\.html\)/)
    expect(shownOn(5)).toMatch(/ на 5 страницах \(p0\.html, p1\.html, p2\.html, …\)/)
    expect(shownOn(11)).toContain(' на 11 страницах ')
    expect(shownOn(21)).toContain(' на 21 странице ')
  })

  it('refuses a build without pages, in Russian', () => {
    expect(releaseProblems({ factsFile: complete, env: releaseEnv, documents: [] })).toEqual([
      'сборка: в ней нет ни одной HTML-страницы, а проверка выпуска идёт только после сборки сайта',
    ])
  })

  it('knows every stand-in value of the shipped facts file', () => {
    const facts = schoolFacts as Record<string, unknown>
    const values = schoolFacts.demo.flatMap((field) => {
      const value = facts[field]
      return typeof value === 'string' ? [value] : Object.values(value as object).map(String)
    })
    // The dates, the postal code, the coordinates of the city's centre, the region's ministry and
    // the ways to pay may be true of a real school; every other stand-in is known.
    const mayBeTrue = [
      '2025-09-01',
      '414000',
      '2025-01-01',
      '46.3497',
      '48.0408',
      'Министерство образования и науки Астраханской области',
      'true',
      '',
    ]
    const other = values.filter((value) => !mayBeTrue.includes(value))
    expect(other.filter((value) => !SHIPPED_STAND_INS.includes(value))).toEqual([])
  })

  it('refuses a deploy configuration that still names the example host', () => {
    const check = (conf: string) =>
      releaseProblems({
        factsFile: complete,
        env: releaseEnv,
        documents: [{ file: 'a.html', html: completePage }],
        deployConfigs: [{ file: 'deploy/nginx/it-lab.conf', html: conf }],
      })
    expect(
      check('server_name itlab.example www.itlab.example;\n# itlab.example in a comment\n'),
    ).toEqual([
      'deploy/nginx/it-lab.conf: всё ещё указан адрес из примера «itlab.example» — замените его на itlab-school.ru',
      'deploy/nginx/it-lab.conf: всё ещё указан адрес из примера «www.itlab.example» — замените его на itlab-school.ru',
    ])
    expect(check('server_name itlab-school.ru;\n# e.g. itlab.example\n')).toEqual([])
  })

  it('reads what a person sees: text, links and JSON-LD, not scripts or class names', () => {
    expect(visibleStrings(completePage)).toEqual([
      'ИП Иванова Анна Петровна, ИНН 301234567878',
      '12-34-56',
      'Школа',
      'tel:+78512123456',
      'https://itlab-school.ru/',
      'https://schema.org/Monday',
    ])
  })
})

describe('sample entries', () => {
  it('refuses each entry still ticked «Образец», by its file and name', () => {
    expect(
      releaseProblems({
        factsFile: complete,
        env: releaseEnv,
        documents: [{ file: 'client/index.html', html: completePage }],
        contentFiles: [
          { file: 'content/reviews/one.json', value: { author: 'Мама Маши', sample: true } },
        ],
      }),
    ).toEqual([
      'content/reviews/one.json: «Мама Маши» — образец из репозитория, а не сведения школы: ' +
        'впишите своё и снимите отметку «Образец (снимите отметку, когда впишете своё)» ' +
        'или удалите запись',
    ])
  })

  it('refuses a page that shows the sample badge', () => {
    const problems = releaseProblems({
      factsFile: complete,
      env: releaseEnv,
      documents: [{ file: 'client/index.html', html: page('<h3>Анна<span>Образец</span></h3>') }],
    })
    expect(problems).toEqual([
      'страницы: «Образец» на 1 странице (client/index.html): образец или заглушка, а не сведения школы',
    ])
  })
})

describe('the launch list (launch-blockers.ts), the release check and check:content', () => {
  // The school's content copied, with the repository's samples and facts put back: the school may
  // have deleted them.
  const withSamples = contentWithShippedSamples(
    (file, text) => file === 'school.json' || /"sample": true/.test(text),
  )
  afterAll(() => rmSync(path.dirname(withSamples), { recursive: true, force: true }))

  /** The content with the repository's facts and samples. */
  const shipped = async (): Promise<ReleaseInput> => ({
    factsFile: schoolFacts,
    contentFiles: await readContentFiles(withSamples),
    env: releaseEnv,
    // A built page showing the samples: their badge, words and pictures, and stand-in facts.
    documents: [
      {
        file: 'client/index.html',
        html: page(
          '<h3>Имя Фамилия<span>Образец</span></h3><p>Образец ответа</p>' +
            '<img src="/assets/sample-photo-1-x.webp"/><p>ИП [Фамилия Имя Отчество]</p><p>00-00-00</p>',
        ),
      },
    ],
  })

  it('refuses each item once, by its file, and the same items check:content lists and counts', async () => {
    const problems = checked(await shipped())
    const items = await contentLaunchBlockers(withSamples, releaseEnv.SITE_URL)
    expect(problems.map(problemLine)).toEqual(items.map(problemLine))
    expect(problems.every(({ launch }) => launch)).toBe(true)
    const run = spawnSync(process.execPath, ['release/content-check.ts'], {
      cwd: path.join(import.meta.dirname, '..'),
      env: { ...process.env, SITE_URL: releaseEnv.SITE_URL, CONTENT_DIR: withSamples },
      encoding: 'utf8',
    })
    expect(run.status).toBe(0)
    expect(run.stdout).toContain(
      `к запуску ещё не готово: осталось заменить образцы и заглушки (${problems.length})`,
    )
    expect(run.stdout).not.toContain('к запуску готово')
    for (const { file } of problems) expect(run.stdout).toContain(file)
  })

  it('accepts them in a preview, and still refuses a broken fact and the settings', async () => {
    const input = await shipped()
    expect(checked({ ...input, preview: true })).toEqual([])
    const broken = { ...schoolFacts, owner: { ...schoolFacts.owner, inn: '12' } }
    expect(
      checked({ ...input, factsFile: broken, env: {}, preview: true }).map(problemLine),
    ).toEqual([
      expect.stringMatching(/^content\/school\.json: поле «Владелец → ИНН» \(owner\.inn\): /),
      'SITE_URL: не задан — впишите публичный адрес сайта, который начинается с https://',
      expect.stringMatching(/^LEAD_API_URL: нужен адрес, который начинается с https:\/\//),
    ])
  })

  it('names words a sample left behind after its tick was cleared', () => {
    const problems = releaseProblems({
      factsFile: complete,
      contentFiles: [
        {
          file: 'content/teachers/anna.json',
          value: { name: 'Анна', photo: '/uploads/sample-teacher-1.jpg', text: 'Образец ответа' },
        },
      ],
      env: releaseEnv,
      documents: [{ file: 'client/index.html', html: completePage }],
    })
    expect(problems).toEqual([
      'content/teachers/anna.json: «Анна» — фото образца из репозитория (/uploads/sample-teacher-1.jpg): загрузите своё',
      'content/teachers/anna.json: «Анна» — слова образца из репозитория («Образец ответа»): замените их своими',
    ])
  })

  it('is told grouped by file, counted, with the preview as the way before the launch', () => {
    const problems: CheckProblem[] = [
      { file: 'content/school.json', text: 'один', launch: true },
      { file: 'content/faq/a.json', text: 'два', launch: true },
      { file: 'content/school.json', text: 'три', launch: true },
      { file: 'SITE_URL', text: 'не задан' },
    ]
    expect(releaseFailure(problems, '; build was left as it was')).toBe(
      [
        'Release check failed; build was left as it was: 4 problem(s), 3 of them blocking only the launch:',
        '  content/school.json (2):',
        '    один',
        '    три',
        '  content/faq/a.json: два',
        '  SITE_URL: не задан',
        'The launch waits for the samples and stand-ins (npm run check:content lists the same); until then the site can go out as a preview: npm run deploy -- --preview (deploy/README.md, "The first hour").',
        'The settings are in the env files (deploy/*.env.example).',
      ].join('\n'),
    )
  })
})
