// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { demo } from '../app/config/school-facts-schema.ts'
import { schoolFacts } from '../app/config/school-facts.ts'
import { completeSchoolFacts } from '../test/complete-school-facts.ts'
import { releaseProblems, visibleStrings } from './release-check.ts'

const complete = completeSchoolFacts

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
      expect(problems).toContain(
        `app/config/school-facts.ts: ${field} is still a demo value (replace demo(…) with the real one)`,
      )
    }
    expect(problems).toContain(
      'app/config/school-facts.ts: address.street holds a placeholder "[Улица]"',
    )
    expect(problems).toContain('SITE_URL: missing; set it to the public https address of the site')
    expect(problems).toContainEqual(expect.stringMatching(/^LEAD_API_URL: must be https/))
    expect(problems).toContain(
      'build: "[Фамилия Имя Отчество]" is on 2 page(s): client/index.html, client/courses/index.html',
    )
    expect(problems).toContainEqual(
      expect.stringMatching(/^build: "http:\/\/127\.0\.0\.1:3000" is on 2/),
    )
    expect(problems).toContainEqual(expect.stringMatching(/^build: "00-00-00" is on 2/))
  })

  it('refuses http, loopback or mismatched URLs', () => {
    const check = (env: NodeJS.ProcessEnv) =>
      releaseProblems({
        factsFile: complete,
        env,
        documents: [{ file: 'a.html', html: completePage }],
      })
    expect(check({ ...releaseEnv, SITE_URL: 'http://itlab-school.ru' })).toEqual([
      'SITE_URL: must be https (got "http://itlab-school.ru")',
    ])
    expect(check({ ...releaseEnv, SITE_URL: 'https://127.0.0.1' })).toEqual([
      'SITE_URL: must not be a loopback address (got "https://127.0.0.1")',
      'SITE_URL: "https://127.0.0.1" differs from siteUrl in app/config/school-facts.ts ("https://itlab-school.ru")',
    ])
    expect(check({ ...releaseEnv, LEAD_API_URL: 'http://itlab-school.ru/lead' })).toEqual([
      'LEAD_API_URL: must be https (got "http://itlab-school.ru/lead")',
    ])
    expect(check({ ...releaseEnv, TELEGRAM_NOTIFY: 'some' })).toEqual([
      'TELEGRAM_NOTIFY: must be "full" or "minimal" (got "some")',
    ])
  })

  it('names a demo value left anywhere, a placeholder, and a malformed fact', () => {
    const problems = releaseProblems({
      factsFile: {
        ...complete,
        email: demo('info@itlab-school.ru'),
        address: { street: 'ул. [Улица], д. 1', postalCode: '414000' },
        owner: { ...complete.owner, inn: '301234567800' },
      },
      env: releaseEnv,
      documents: [{ file: 'a.html', html: completePage }],
    })
    expect(problems).toEqual([
      'app/config/school-facts.ts: email is still a demo value (replace demo(…) with the real one)',
      'app/config/school-facts.ts: owner.inn: ИНН must be 12 digits with valid check digits (got "301234567800")',
      'app/config/school-facts.ts: address.street holds a placeholder "[Улица]"',
    ])
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
