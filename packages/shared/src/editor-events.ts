// What the editor gateway leaves for the school's chat (apps/editor/README.md, "Login"): it may
// not reach Telegram (its unit allows loopback only and holds no token), so each event is a small
// JSON file in EDITOR_EVENTS_DIR, which `npm run alert` (apps/lead-bot) posts and then deletes.
// No address and no password are ever in one (docs/decisions/0027).
import * as z from 'zod'

/** What the gateway can tell from a User-Agent; anything else is not named. */
export const EDITOR_BROWSERS = [
  'Chrome',
  'Firefox',
  'Safari',
  'Яндекс Браузер',
  'Edge',
  'Opera',
] as const
export const EDITOR_SYSTEMS = ['Android', 'iPhone', 'iPad', 'Windows', 'macOS', 'Linux'] as const
export type EditorBrowser = (typeof EDITOR_BROWSERS)[number]
export type EditorSystem = (typeof EDITOR_SYSTEMS)[number]

const instant = z.iso.datetime()

export const editorEventSchema = z.discriminatedUnion('kind', [
  /** The right password: a session began. */
  z.object({
    kind: z.literal('login'),
    at: instant,
    browser: z.enum(EDITOR_BROWSERS).nullable(),
    system: z.enum(EDITOR_SYSTEMS).nullable(),
  }),
  /** Too many wrong passwords in total: every login is refused until `until`. */
  z.object({
    kind: z.literal('lockout'),
    at: instant,
    until: instant,
    /** The wrong passwords that began it, and over how many minutes. */
    wrong: z.int().min(1),
    windowMinutes: z.int().min(1),
  }),
])

export type EditorEvent = z.infer<typeof editorEventSchema>

/**
 * A finished event file: `<ms since 1970>-<kind>-<random hex>.json`, so the names sort by time.
 * The gateway writes `.<name>.tmp` first and renames it: a reader never sees half a file.
 */
export const EDITOR_EVENT_FILE = /^\d{13}-(?:login|lockout)-[0-9a-f]{16}\.json$/
