import { randomBytes } from 'node:crypto'
import { rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { EditorBrowser, EditorEvent, EditorSystem } from '@it-lab/shared/editor-events'

// The events the school's chat is told of (each login, each pause of the login), left as files in
// EDITOR_EVENTS_DIR for `npm run alert` to post (packages/shared/src/editor-events.ts). Bounded
// by what makes them: a login needs the password, a pause lasts 15 minutes.

/**
 * Tokens in the order they must be tried: Chromium's offshoots also say «Chrome», Chrome also
 * says «Safari». A browser that names itself otherwise (Samsung Internet, Vivaldi, …) is not
 * called Chrome: better «неизвестный браузер» than a wrong name.
 */
const BROWSER_TOKENS: [RegExp, EditorBrowser | null][] = [
  [/\bYaBrowser\//, 'Яндекс Браузер'],
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b|\bOPT\//, 'Opera'],
  [/\bSamsungBrowser\/|\bVivaldi\/|\bUCBrowser\/|\bMiuiBrowser\/|\bHuaweiBrowser\//, null],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

/** iPhone and iPad before macOS (they say «like Mac OS X»), Android before Linux. */
const SYSTEM_TOKENS: [RegExp, EditorSystem][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows NT\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

/** The browser and the system a User-Agent names, each null when not known for sure. */
export function describeAgent(userAgent: string | undefined): {
  browser: EditorBrowser | null
  system: EditorSystem | null
} {
  const agent = (userAgent ?? '').slice(0, 512)
  const browser = BROWSER_TOKENS.find(([token]) => token.test(agent))?.[1] ?? null
  const system = SYSTEM_TOKENS.find(([token]) => token.test(agent))?.[1] ?? null
  // Android's old built-in browser also says «Version/… Safari/»: Safari only on Apple's systems.
  const apple = system === 'iPhone' || system === 'iPad' || system === 'macOS'
  return { browser: browser === 'Safari' && !apple ? null : browser, system }
}

/** Writes each event into `dir` whole (a temporary name, then renamed); no folder: none. */
export class LoginEvents {
  readonly #dir: string | undefined
  readonly #failed: (error: unknown) => void

  /** `failed`: told when an event could not be written (the login itself goes on). */
  constructor(dir: string | undefined, failed: (error: unknown) => void) {
    this.#dir = dir
    this.#failed = failed
  }

  async write(event: EditorEvent): Promise<void> {
    if (this.#dir === undefined) return
    const name = `${String(Date.parse(event.at)).padStart(13, '0')}-${event.kind}-${randomBytes(8).toString('hex')}.json`
    const temporary = path.join(this.#dir, `.${name}.tmp`)
    try {
      // Readable by the alert's group (the folder's, set-group-ID), which deletes it once posted.
      await writeFile(temporary, `${JSON.stringify(event)}\n`, { mode: 0o640, flag: 'wx' })
      await rename(temporary, path.join(this.#dir, name))
    } catch (error) {
      await rm(temporary, { force: true })
      this.#failed(error)
    }
  }
}
