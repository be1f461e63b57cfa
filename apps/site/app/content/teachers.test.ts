import { shippedFile, shippedFiles } from '@it-lab/content-check/shipped-fixture'
import type { PhotoFile, TeacherFile } from '@it-lab/shared/content'
import { describe, expect, it } from 'vitest'
import { shownPhotos, shownTeachers } from './teacher-photo-files.ts'
import { courseTeachers } from './teachers.ts'

// What the repository ships is a fact of the repository, not of the school's content (which the
// owner replaces): read from the repository's copy of it, whatever CONTENT_DIR the run points at
// (docs/decisions/0101-tests-on-the-schools-content.md).
const shipped = (folder: string): { sample?: unknown }[] =>
  shippedFiles()
    .filter((file) => file.startsWith(`${folder}/`) && file.endsWith('.json'))
    .map((file) => JSON.parse(shippedFile(file).toString('utf8')) as { sample?: unknown })

const teacher = (name: string, value: Partial<TeacherFile>) => ({
  file: `content/teachers/${name}.json`,
  value: {
    name,
    photo: `/uploads/${name}.jpg`,
    courses: [],
    text: 'Текст',
    education: '',
    order: 1,
    sample: false,
    ...value,
  },
})

const photo = (name: string, value: Partial<PhotoFile>) => ({
  file: `content/photos/${name}.json`,
  value: {
    image: `/uploads/${name}.jpg`,
    alt: name,
    caption: '',
    order: 1,
    sample: false,
    ...value,
  },
})

describe('teachers', () => {
  it('are listed by «Порядок», equal ones by file name (2 before 10)', () => {
    const shown = shownTeachers(
      [
        teacher('b', { order: 2 }),
        teacher('teacher-10', { order: 1 }),
        teacher('teacher-2', { order: 1 }),
        teacher('a', { order: 3 }),
      ],
      new Set(),
    )
    expect(shown.map(({ id }) => id)).toEqual(['teacher-2', 'teacher-10', 'b', 'a'])
  })

  it('link only the courses the site shows, in the order the owner listed them', () => {
    const [shown] = shownTeachers([teacher('a', { courses: [7, 3, 4] })], new Set([4, 7]))
    expect(shown?.courseIds).toEqual([7, 4])
  })

  it('a course page shows those who teach it', () => {
    const list = shownTeachers(
      [teacher('a', { courses: [4] }), teacher('b', { courses: [6, 4] }), teacher('c', {})],
      new Set([4, 6]),
    )
    expect(courseTeachers(4, list).map(({ id }) => id)).toEqual(['a', 'b'])
    expect(courseTeachers(6, list).map(({ id }) => id)).toEqual(['b'])
    expect(courseTeachers(1, list)).toEqual([])
  })

  it('carry the years of teaching and the education when the owner gave them', () => {
    const [given, bare] = shownTeachers(
      [
        teacher('a', { experience: 7, education: 'АГТУ, прикладная информатика' }),
        teacher('b', {}),
      ],
      new Set(),
    )
    expect(given).toMatchObject({ experience: 7, education: 'АГТУ, прикладная информатика' })
    expect(bare).toMatchObject({ education: '' })
    expect(bare).not.toHaveProperty('experience')
  })

  it('the repository ships a few, each a sample', () => {
    const files = shipped('teachers')
    expect(files.length).toBeGreaterThanOrEqual(2)
    for (const { sample } of files) expect(sample).toBe(true)
  })
})

describe('photos of the school', () => {
  it('are listed by «Порядок», then by file name, with their description and caption', () => {
    const shown = shownPhotos([
      photo('photo-2', { order: 5, caption: 'Подпись' }),
      photo('photo-1', { order: 5 }),
      photo('photo-3', { order: 1, sample: true }),
    ])
    expect(shown).toEqual([
      { id: 'photo-3', image: '/uploads/photo-3.jpg', alt: 'photo-3', caption: '', sample: true },
      { id: 'photo-1', image: '/uploads/photo-1.jpg', alt: 'photo-1', caption: '', sample: false },
      {
        id: 'photo-2',
        image: '/uploads/photo-2.jpg',
        alt: 'photo-2',
        caption: 'Подпись',
        sample: false,
      },
    ])
  })

  it('the repository ships a few, each a sample', () => {
    const files = shipped('photos')
    expect(files.length).toBeGreaterThanOrEqual(3)
    for (const { sample } of files) expect(sample).toBe(true)
  })
})
