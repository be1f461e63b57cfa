import { describe, expect, it } from 'vitest'
import { bindDashes } from './section-heading'

describe('bindDashes', () => {
  it('ties a dash to the word before it with a no-break space', () => {
    expect(bindDashes('Путь в IT — ступень за ступенью')).toBe(
      'Путь в IT\u00a0— ступень за ступенью',
    )
    expect(bindDashes('5 – 7')).toBe('5\u00a0– 7')
    expect(bindDashes('Без тире')).toBe('Без тире')
  })
})
