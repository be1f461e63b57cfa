import { describe, expect, it } from 'vitest'
import { plainLines, problemsIn, refusal } from './report.ts'
import { crashLine } from './service.ts'

const refusedBuild = `
> build:release
> node scripts/build-release.ts

\x1b[31mСодержимое сайта не прошло проверку (2); build-deploy-1 was left as it was:\x1b[39m
  content/courses/1.json: prices.basic «Цена»: должно быть больше 0 (сейчас 0)
  content/school.json: phone «Телефон»: демо-значение
npm error Lifecycle script \`build:release\` failed with error:
npm error code 1
`

describe('a refusal', () => {
  it('keeps what to fix and drops colours, npm lines and stack frames', () => {
    expect(problemsIn(refusedBuild)).toEqual([
      'content/courses/1.json: prices.basic «Цена»: должно быть больше 0 (сейчас 0)',
      'content/school.json: phone «Телефон»: демо-значение',
    ])
    expect(
      plainLines('Error: boom\n    at main (file:///x.ts:1:1)\nnpm warn EBADENGINE x'),
    ).toEqual(['Error: boom'])
  })

  it('falls back to the last lines when nothing is listed, and counts what it leaves out', () => {
    expect(problemsIn('a\nb\nc\nd\ne\nf\nnpm error x')).toEqual(['b', 'c', 'd', 'e', 'f'])
    const many = Array.from({ length: 25 }, (_, i) => `  problem ${i}`).join('\n')
    expect(problemsIn(many).at(-1)).toBe('… and 5 more')
  })

  it('is a paragraph and the problems indented two spaces', () => {
    expect(refusal('nothing was deployed:', ['a', 'b'])).toBe('nothing was deployed:\n  a\n  b')
  })

  it('names a crash at start by its error line', () => {
    const crash = `file:///srv/app/apps/lead-bot/src/main.ts:1
throw new Error('release crashes at start')
^

Error: release crashes at start
    at file:///srv/app/apps/lead-bot/src/main.ts:1:7

Node.js v24.21.0`
    expect(crashLine(crash)).toBe('Error: release crashes at start')
    const nginx = `nginx: [emerg] unknown directive "lisen" in /etc/nginx/sites-enabled/it-lab.conf:3
nginx: configuration file /etc/nginx/nginx.conf test failed`
    expect(crashLine(nginx)).toBe(
      'nginx: [emerg] unknown directive "lisen" in /etc/nginx/sites-enabled/it-lab.conf:3',
    )
    expect(crashLine('lead-bot: cannot open the database /x: disk I/O error\n')).toBe(
      'lead-bot: cannot open the database /x: disk I/O error',
    )
  })
})
