import { describe, expect, it } from 'vitest'
import { commitSubject, subjectOf } from './subjects.ts'

describe('commitSubject', () => {
  it('keeps a title with line breaks and control characters on one line', () => {
    const title = 'Набор\nSigned-off-by: someone\r\u0007 открыт\u2028!'
    const subject = commitSubject(`Новое: ${subjectOf('content/announcements/a.json', { title })}`)
    expect(subject).toBe('Новое: объявление Набор Signed-off-by: someone открыт !')
    expect(subject).not.toMatch(/[\p{Cc}\u2028]/u)
  })

  it('cuts a very long title at 200 characters', () => {
    const subject = commitSubject('а'.repeat(1000))
    expect(subject).toHaveLength(200)
    expect(subject.endsWith('…')).toBe(true)
  })
})
