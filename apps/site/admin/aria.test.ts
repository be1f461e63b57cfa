import { describe, expect, it } from 'vitest'
import { russianAriaLabel } from './aria.ts'

describe('russianAriaLabel', () => {
  it('puts the libraries’ English names into Russian', () => {
    expect(russianAriaLabel('Remove Понедельник')).toBe('Убрать «Понедельник»')
    expect(russianAriaLabel('close')).toBe('Закрыть')
    expect(russianAriaLabel('notification timer')).toBe('Время до закрытия уведомления')
  })

  it('leaves the editor’s own Russian names alone', () => {
    expect(russianAriaLabel('Закрыть')).toBeUndefined()
    expect(russianAriaLabel('Меню')).toBeUndefined()
  })
})
