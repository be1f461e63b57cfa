import { describe, expect, it } from 'vitest'
import { describeAgent } from './login-events.ts'

const WEBKIT = 'AppleWebKit/537.36 (KHTML, like Gecko)'

describe('describeAgent', () => {
  it.each([
    [
      `Mozilla/5.0 (Linux; Android 14; Pixel 8) ${WEBKIT} Chrome/131.0.0.0 Mobile Safari/537.36`,
      'Chrome',
      'Android',
    ],
    [
      `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${WEBKIT} Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0`,
      'Edge',
      'Windows',
    ],
    [
      `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${WEBKIT} Chrome/130.0.0.0 YaBrowser/24.12.0.0 Safari/537.36`,
      'Яндекс Браузер',
      'Windows',
    ],
    [
      `Mozilla/5.0 (X11; Linux x86_64) ${WEBKIT} Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0`,
      'Opera',
      'Linux',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox',
      'macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari',
      'iPhone',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      'Chrome',
      'iPad',
    ],
    [
      `Mozilla/5.0 (Linux; Android 14; SM-S918B) ${WEBKIT} SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36`,
      null,
      'Android',
    ],
    [
      'Mozilla/5.0 (Linux; U; Android 4.0.3; ru-ru) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
      null,
      'Android',
    ],
    ['curl/8.5.0', null, null],
    [undefined, null, null],
  ])('%s: %s on %s', (agent, browser, system) => {
    expect(describeAgent(agent)).toEqual({ browser, system })
  })
})
