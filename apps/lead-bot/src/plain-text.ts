// Text from outside (a lead's fields, a presser's Telegram name, an error) as the operator's
// terminal and the owner's spreadsheet show it: control characters could move the cursor, clear
// the screen or reorder what the line says (bidi overrides), so none reaches either.

/** C0, DEL and C1 controls but tab and line breaks; the bidi marks, overrides and isolates. */
const CONTROLS = /[^\P{Cc}\t\n\r]|[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu

/** `text` without control characters; tabs and line breaks stay (a CSV cell quotes them). */
export function withoutControls(text: string): string {
  return text.replace(CONTROLS, '')
}

/** `text` on one line: tabs and line breaks as spaces, no other control character. */
export function plainText(text: string): string {
  return withoutControls(text.replace(/[\t\n\r]+/g, ' '))
}

/** At most this many characters of a presser's name are stored and shown (Telegram's own limit). */
const PRESSER_MAX_CHARS = 64

/** A presser's name as stored and shown: one plain line of at most PRESSER_MAX_CHARS characters. */
export function presserName(name: string): string {
  return [...plainText(name).trim()].slice(0, PRESSER_MAX_CHARS).join('').trimEnd()
}
