// What the editor's own fields understand (docs/decisions/0067-exact-values-in-the-editor.md):
// a typed text is either read exactly or refused with a sentence the owner can act on. Never a
// guess: «1600.50» is not 16000 and «12e3» is not 12.
import { dateYearWindow } from '@it-lab/shared/content'

/** A value read from the owner's text, or the reason it was refused. */
export type Reading<T> = { ok: true; value: T } | { ok: false; message: string }

const SPACES = /[\s\u00a0\u202f]/g
/** «1 600» with Russian digit groups (a space, a no-break space or a narrow one). */
const GROUPED_DIGITS = /^\d{1,3}(?:[ \u00a0\u202f]\d{3})+$/
const RUBLE_SIGN = /\s*(?:₽|руб\.?|р\.?)$/i

/** 100000 → «100 000», as the site writes amounts. */
export function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')
}

/**
 * A whole number from `min` to `max` as the owner typed it: «7», «1600», «1 600»; with
 * `rubles`, «1600 ₽» and «1600 руб.» too. A fraction, a sign, an exponent or a letter is refused.
 */
export function readWholeNumber(
  input: string,
  { min, max, rubles = false }: { min: number; max: number; rubles?: boolean },
): Reading<number> {
  const text = (rubles ? input.replace(RUBLE_SIGN, '') : input).trim()
  const range = `Число от ${groupDigits(min)} до ${groupDigits(max)}.`
  if (text === '') return { ok: false, message: `Впишите число. ${range}` }
  if (/^\d+[.,]\d*$|^\d{1,3}(?:[ \u00a0\u202f]\d{3})*[.,]\d+$/.test(text)) {
    return {
      ok: false,
      message: rubles
        ? 'Только целые рубли, без копеек и без точки или запятой: например, 1600.'
        : 'Только целое число, без точки или запятой.',
    }
  }
  if (/^[-−–]/.test(text)) return { ok: false, message: `Без минуса. ${range}` }
  if (!/^\d+$/.test(text) && !GROUPED_DIGITS.test(text)) {
    return {
      ok: false,
      message: rubles
        ? 'Только цифры (можно с пробелами между тысячами и знаком ₽): например, 1600 или 1 600 ₽.'
        : 'Только цифры: например, 12.',
    }
  }
  const value = Number(text.replace(SPACES, ''))
  if (value < min || value > max) return { ok: false, message: range }
  return { ok: true, value }
}

/**
 * What the date field shows while the owner types: only her digits, with the dots put in
 * («1201» → «12.01», «12012027» → «12.01.2027»). Eight digits at most.
 */
export function maskDate(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8)
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('.')
}

/** «2027-01-12» → «12.01.2027»; anything else as it is. */
export function showDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso
}

/** An example of a date for a hint: the next 1 September, so it is never in the past. */
export function exampleDate(today: Date = new Date()): string {
  const year = today.getMonth() >= 8 ? today.getFullYear() + 1 : today.getFullYear()
  return `01.09.${year}`
}

/** A date typed as ДД.ММ.ГГГГ, stored as YYYY-MM-DD; empty is «no date». */
export function readDate(input: string, today: Date = new Date()): Reading<string> {
  const text = input.trim()
  if (text === '') return { ok: true, value: '' }
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text)
  if (!match) {
    return { ok: false, message: `Дата в виде ДД.ММ.ГГГГ: например, ${exampleDate(today)}.` }
  }
  const [, day, month, year] = match
  const iso = `${year}-${month}-${day}`
  const date = new Date(`${iso}T00:00:00Z`)
  if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(iso)) {
    return { ok: false, message: `Такой даты нет в календаре: ${text}.` }
  }
  const { min, max } = dateYearWindow(today)
  if (Number(year) < min || Number(year) > max) {
    return { ok: false, message: `Год — от ${min} до ${max}.` }
  }
  return { ok: true, value: iso }
}
