/** Russian noun forms: for 1 (месяц), for 2–4 (месяца), for 5–20 and 0 (месяцев). */
export type RussianPluralForms = readonly [one: string, few: string, many: string]

/**
 * Picks the Russian plural form for a number: 1, 21, 101 → one; 2–4, 22–24 → few;
 * 0, 5–20, 11–14, 25–30 → many. Fractions take the "few" form (1,5 месяца).
 * Returns only the word, without the number.
 */
export function pluralRu(n: number, forms: RussianPluralForms): string {
  const [one, few, many] = forms
  if (!Number.isFinite(n)) return many
  const abs = Math.abs(n)
  if (!Number.isInteger(abs)) return few
  const mod10 = abs % 10
  const mod100 = abs % 100
  if (mod10 === 1 && mod100 !== 11) return one
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few
  return many
}
