import { describe, expect, it } from 'vitest'
import { mergePhrases, russianConfirm, russianMessage } from './russian.ts'

describe('the editor in Russian', () => {
  it('lays the fixes over Decap’s phrases key by key', () => {
    const base = { editor: { a: 'старое', b: 'оставить' }, c: 'x' }
    expect(mergePhrases(base, { editor: { a: 'новое' } })).toEqual({
      editor: { a: 'новое', b: 'оставить' },
      c: 'x',
    })
  })

  it('puts Decap’s English messages into Russian', () => {
    expect(russianMessage('Failed to persist media: APIError: Это не картинка.')).toBe(
      'Не удалось загрузить картинку: Это не картинка.',
    )
    expect(russianMessage('Failed to delete media: Картинка нужна курсу 4.')).toBe(
      'Не удалось удалить картинку: Картинка нужна курсу 4.',
    )
    expect(russianMessage('Не удалось сохранить запись: API_ERROR: Эту запись уже изменили')).toBe(
      'Не удалось сохранить запись: Эту запись уже изменили',
    )
    expect(russianConfirm('photo.png already exists. Do you want to replace it?')).toBe(
      'Картинка «photo.png» уже загружена. Заменить её новой?',
    )
  })
})
