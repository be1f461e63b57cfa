import { describe, expect, it } from 'vitest'
import { plainLines, refusal } from './report.ts'
import { crashLine } from './service.ts'

describe('a refusal', () => {
  it('drops colours, npm lines and stack frames', () => {
    expect(
      plainLines(
        '\x1b[31mError: boom\x1b[39m\n    at main (file:///x.ts:1:1)\nnpm warn EBADENGINE x',
      ),
    ).toEqual(['Error: boom'])
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
