/** Most digits a phone may hold: the country digit plus ten (docs/behaviour.md, "Phone input"). */
export const PHONE_MAX_DIGITS = 11

/** The one shape a submitted phone may have: +7 (XXX) XXX-XX-XX, a space allowed after +7 and after ')'. */
export const PHONE_PATTERN = /^\+7 ?\(\d{3}\) ?\d{3}-\d{2}-\d{2}$/

/**
 * Shows up to 11 digits progressively as `+7 (XXX) XXX-XX-XX`. The first digit is the country
 * digit and is always shown as 7, whatever it was (docs/behaviour.md, "Phone input").
 */
export function maskPhoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS)
  if (digits.length === 0) return ''
  const area = digits.slice(1, 4)
  const first = digits.slice(4, 7)
  const second = digits.slice(7, 9)
  const third = digits.slice(9, 11)
  let out = '+7'
  if (digits.length > 1) out += ` (${area}`
  if (digits.length > 4) out += `) ${first}`
  if (digits.length > 7) out += `-${second}`
  if (digits.length > 9) out += `-${third}`
  return out
}

/**
 * The phone input's change rule (docs/behaviour.md, "Phone input"): `raw` is what the field
 * holds after the keystroke or paste, `previous` what it held before; returns what it should
 * hold now.
 *
 * - empty, or starting with `+7`: re-masked;
 * - digits only: `+7` is put in front and the result masked, so typing `9` into the empty field
 *   gives `+7 (9`, and typing `8` gives `+7 (8` (8 is a real area-code start, Astrakhan's own
 *   landlines are +7 (851) …), so a single leading 8 is NOT taken for the domestic trunk prefix;
 * - our choice: exactly 11 digits only (a pasted or autofilled `89123456789` / `79123456789`):
 *   the first digit is taken as the country digit, giving `+7 (912) 345-67-89`. Prefixing `+7`
 *   would make 12 digits and the 11-digit cut would silently drop the last real digit;
 * - our choice: `+` alone (backspace over the 7 of `+7`) empties the field, else the user could
 *   never erase `+7` with backspace;
 * - anything else (letters, `8 (912)…`, `+8…`): ignored, `previous` is kept.
 */
export function formatPhoneInput(raw: string, previous: string): string {
  if (raw === '' || raw === '+') return ''
  if (raw.startsWith('+7')) return maskPhoneDigits(raw)
  if (/^\d+$/.test(raw)) {
    return maskPhoneDigits(raw.length === PHONE_MAX_DIGITS ? raw : `7${raw}`)
  }
  return previous
}

/** What people put between the digits of a number: spaces, dashes, dots, brackets. */
const PHONE_SEPARATORS = /[\s().-]/g

/**
 * Any way a parent may write a Russian number, as typed without the mask (a form sent before or
 * without JavaScript): `8 912 345-67-89`, `+7 (912) 3456789`, `7912…`, or the ten digits alone.
 * Returns it in the one stored shape, `+7 (XXX) XXX-XX-XX`, or undefined for anything else
 * (another country, too few or too many digits, letters) (docs/behaviour.md, "Phone input").
 */
export function normalizePhone(raw: string): string | undefined {
  const compact = raw.replace(PHONE_SEPARATORS, '')
  const match = /^(?:\+7|8|7)?(\d{10})$/.exec(compact)
  return match ? maskPhoneDigits(`7${match[1]}`) : undefined
}
