import { describe, expect, it } from 'vitest'
import { PHONE_PATTERN, formatPhoneInput, maskPhoneDigits, normalizePhone } from './phone.ts'

describe('formatPhoneInput', () => {
  it.each([
    // rule: empty input is re-masked, i.e. stays empty
    ['empty clears the field', '', '+7 (9', ''],
    // rule: a value starting with +7 is re-masked, shown progressively
    ['country digit only', '+7', '', '+7'],
    ['first area digit', '+79', '+7', '+7 (9'],
    ['area code complete', '+7 (912', '+7 (91', '+7 (912'],
    ['first local digit', '+7 (9123', '+7 (912', '+7 (912) 3'],
    ['first block complete', '+7 (912) 345', '+7 (912) 34', '+7 (912) 345'],
    ['first pair starts', '+7 (912) 3456', '+7 (912) 345', '+7 (912) 345-6'],
    ['second pair starts', '+7 (912) 345-678', '+7 (912) 345-67', '+7 (912) 345-67-8'],
    ['complete number', '+7 (912) 345-67-89', '+7 (912) 345-67-8', '+7 (912) 345-67-89'],
    // rule: non-digits are stripped
    ['spaces and dashes stripped', '+7 912 345 67 89', '', '+7 (912) 345-67-89'],
    ['letters inside a +7 value stripped', '+7 (9a12', '+7 (912', '+7 (912'],
    // rule: at most 11 digits
    ['12th digit dropped', '+7 (912) 345-67-890', '+7 (912) 345-67-89', '+7 (912) 345-67-89'],
    // deleting: backspace over a separator re-masks to the shorter number
    ['backspace after the area code', '+7 (912) ', '+7 (912) 3', '+7 (912'],
    ['backspace to the country digit', '+7 (', '+7 (9', '+7'],
    ['backspace over the 7 empties', '+', '+7', ''],
    // rule: digits only get +7 in front, then the mask
    ['single digit typed into empty field', '9', '', '+7 (9'],
    ['leading 8 is an area-code digit', '8', '', '+7 (8'],
    ['leading 7 is an area-code digit', '7', '', '+7 (7'],
    ['ten digits pasted', '9123456789', '', '+7 (912) 345-67-89'],
    // choice: exactly 11 digits only, the first is the country digit
    ['11 digits from 8 (domestic)', '89123456789', '', '+7 (912) 345-67-89'],
    ['11 digits from 7', '79123456789', '', '+7 (912) 345-67-89'],
    ['more than 11 digits: +7 then cut', '891234567890', '', '+7 (891) 234-56-78'],
    // rule: anything else is ignored and the previous value kept
    ['letters ignored', 'abc', '+7 (9', '+7 (9'],
    ['domestic format with brackets ignored', '8 (912) 345-67-89', '', ''],
    ['other country code ignored', '+8912', '+7', '+7'],
    ['digits with spaces ignored', '912 345', '+7 (9', '+7 (9'],
  ])('%s: %j after %j → %j', (_rule, raw, previous, expected) => {
    expect(formatPhoneInput(raw, previous)).toBe(expected)
  })

  it('produces values the schema pattern accepts once complete', () => {
    expect(PHONE_PATTERN.test(formatPhoneInput('9123456789', ''))).toBe(true)
  })
})

describe('maskPhoneDigits', () => {
  it.each([
    ['', ''],
    ['1', '+7'],
    ['1234', '+7 (234'],
    ['12345', '+7 (234) 5'],
    ['12345678', '+7 (234) 567-8'],
    ['1234567890', '+7 (234) 567-89-0'],
    ['123456789012345', '+7 (234) 567-89-01'],
  ])('%j → %j (first digit always shown as the country digit 7)', (digits, expected) => {
    expect(maskPhoneDigits(digits)).toBe(expected)
  })
})

describe('normalizePhone', () => {
  it.each([
    ['+7 (912) 345-67-89'],
    ['+79123456789'],
    ['+7 912 345 67 89'],
    ['8 912 345-67-89'],
    ['8(912)345 67 89'],
    ['89123456789'],
    ['7 912 345.67.89'],
    ['912 345 67 89'],
    ['9123456789'],
    ['  +7-912-345-67-89\t'],
  ])('stores %j as +7 (912) 345-67-89', (raw) => {
    expect(normalizePhone(raw)).toBe('+7 (912) 345-67-89')
  })

  it('keeps a landline with its area code', () => {
    expect(normalizePhone('8 (8512) 12-34-56')).toBe('+7 (851) 212-34-56')
  })

  it.each([
    ['another country', '+380 91 234 5678'],
    ['+8', '+8 912 345-67-89'],
    ['nine digits', '912 345 67 8'],
    ['twelve digits', '8 912 345 67 890'],
    ['letters', '8 912 CALL-ME'],
    ['a plus in the middle', '8 912 +345 67 89'],
    ['empty', ''],
  ])('refuses %s', (_case, raw) => {
    expect(normalizePhone(raw)).toBeUndefined()
  })
})
