import { describe, expect, it } from 'vitest'
import { editorPath, pictureFileName } from './editor-paths.ts'

describe('pictureFileName', () => {
  it.each([
    ['Фото школы.JPG', 'foto-shkoly.jpg'],
    ['Щука и ёжик (1).jpeg', 'shchuka-i-ezhik-1.jpeg'],
    ['IMG_20261128_123456.jpg', 'img_20261128_123456.jpg'],
    ['.hidden.png', 'hidden.png'],
    ['😀.webp', 'foto.webp'],
    ['../../etc/passwd.png', 'etc-passwd.png'],
  ])('%s → %s, a name the media folder takes', (name, expected) => {
    const result = pictureFileName(name, 'foto')
    expect(result).toBe(expected)
    expect(editorPath(`content/uploads/${result}`)).toEqual({ kind: 'picture', writable: true })
  })
})

describe('editorPath', () => {
  it('knows each collection and nothing else', () => {
    expect(editorPath('content/courses/4.json')).toEqual({ kind: 'entry', folder: 'courses' })
    expect(editorPath('content/groups/kurs-4-20270109-180559.json')).toMatchObject({
      kind: 'entry',
    })
    expect(editorPath('content/pages/home.json')).toEqual({ kind: 'file' })
    expect(editorPath('content/uploads/course-1.svg')).toEqual({ kind: 'picture', writable: false })
    expect(editorPath('content/pages/evil.json')).toBeUndefined()
    expect(editorPath('content/courses/04.json')).toBeUndefined()
    expect(editorPath(42)).toBeUndefined()
  })
})
