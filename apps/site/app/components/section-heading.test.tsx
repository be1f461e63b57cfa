import { describe, expect, it } from 'vitest'
import { bindDashes, bindShortWords } from './section-heading'

describe('bindDashes', () => {
  it('ties a dash to the word before it with a no-break space', () => {
    expect(bindDashes('Путь в IT — ступень за ступенью')).toBe(
      'Путь в IT\u00a0— ступень за ступенью',
    )
    expect(bindDashes('5 – 7')).toBe('5\u00a0– 7')
    expect(bindDashes('Без тире')).toBe('Без тире')
  })
})

describe('bindShortWords', () => {
  it('also keeps a word of one or two letters with the word after it', () => {
    expect(
      bindShortWords('Научим ребёнка программировать — с любого возраста до уровня профессионала'),
    ).toBe(
      'Научим ребёнка программировать\u00a0— с\u00a0любого возраста до\u00a0уровня профессионала',
    )
    expect(bindShortWords('и в дом')).toBe('и\u00a0в\u00a0дом')
    expect(bindShortWords('Python для детей')).toBe('Python для детей')
  })
})
