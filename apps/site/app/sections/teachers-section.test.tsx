import { render, screen, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { courses } from '#app/content/courses.ts'
import type { SchoolPhoto } from '#app/content/school-photos.ts'
import type { Teacher } from '#app/content/teachers.ts'
import { CourseTeachersSection } from './course-teachers-section'
import { SchoolPhotosSection } from './school-photos-section'
import { TeachersSection } from './teachers-section'

// Pictures of the test's own, as the build makes an upload: the shipped samples' photos are gone
// once the school launches.
const built = vi.hoisted(
  () => (names: string[]) =>
    Object.fromEntries(
      names.map((name) => [`/uploads/${name}.jpg`, { src: `/assets/${name}.webp`, sources: [] }]),
    ),
)
vi.mock('virtual:content-uploads/teacher', () => ({
  default: built(['teacher-1', 'teacher-2', 'teacher-3']),
}))
vi.mock('virtual:content-uploads/photo', () => ({ default: built(['a', 'b']) }))

function renderPage(content: React.ReactNode) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <>
          {content}
          <p>Дальше на странице</p>
        </>
      ),
    },
  ])
  return render(<Stub />)
}

const [python, scratch] = [courses.find(({ id }) => id === 4), courses.find(({ id }) => id === 6)]
if (!python || !scratch) throw new Error('courses 4 and 6 are shown')

// Teachers and photos of the test's own: the shipped samples are gone once the school launches.
const teacher = (id: string, courseIds: number[], sample = false): Teacher => ({
  id,
  photo: `/uploads/teacher-${id}.jpg`,
  education: '',
  name: `Преподаватель ${id}`,
  text: `О преподавателе ${id}`,
  courseIds,
  sample,
})

describe('TeachersSection', () => {
  it('shows each teacher: photo, name, the courses they teach as links, their text', async () => {
    renderPage(<TeachersSection teachers={[teacher('1', [4, 6]), teacher('2', [], true)]} />)
    const section = await screen.findByRole('region', { name: 'Преподаватели' })
    const cards = within(section).getAllByRole('article')
    expect(cards).toHaveLength(2)
    const [first, second] = cards as [HTMLElement, HTMLElement]
    expect(within(first).getByRole('heading', { level: 3 })).toHaveTextContent('Преподаватель 1')
    expect(within(first).getByRole('img', { name: 'Преподаватель 1' })).toHaveAttribute(
      'loading',
      'lazy',
    )
    expect(within(first).getByRole('link', { name: python.title })).toHaveAttribute(
      'href',
      '/course/4',
    )
    expect(within(first).getByRole('link', { name: scratch.title })).toHaveAttribute(
      'href',
      '/course/6',
    )
    expect(within(first).getByText('О преподавателе 1')).toBeVisible()
    expect(within(first).queryByText('Образец')).toBeNull()
    // A sample is badged; one with no shown course lists none.
    expect(within(second).getByText('Образец')).toBeVisible()
    expect(within(second).queryByRole('link')).toBeNull()
  })

  it('says the years of teaching and the education when the owner gave them, else neither', async () => {
    // The helper gives no years.
    const bare = { ...teacher('2', []), education: '' }
    expect(bare).not.toHaveProperty('experience')
    renderPage(
      <TeachersSection
        teachers={[
          { ...teacher('1', []), experience: 7, education: 'АГТУ, прикладная информатика' },
          bare,
          { ...teacher('3', []), experience: 1, education: '' },
        ]}
      />,
    )
    const section = await screen.findByRole('region', { name: 'Преподаватели' })
    const [first, second, third] = within(section).getAllByRole('article') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ]
    expect(first).toHaveTextContent('Опыт преподавания: 7 лет')
    expect(first).toHaveTextContent('Образование: АГТУ, прикладная информатика')
    expect(second).not.toHaveTextContent('Опыт преподавания')
    expect(second).not.toHaveTextContent('Образование')
    expect(third).toHaveTextContent('Опыт преподавания: 1 год')
    expect(third).not.toHaveTextContent('Образование')
  })

  it('is absent when there are none', async () => {
    renderPage(<TeachersSection teachers={[]} />)
    await screen.findByText('Дальше на странице')
    expect(screen.queryByRole('region', { name: 'Преподаватели' })).toBeNull()
  })
})

describe('CourseTeachersSection', () => {
  it('shows those who teach the course, with their other courses only', async () => {
    renderPage(
      <CourseTeachersSection
        courseId={4}
        teachers={[teacher('1', [4, 6]), teacher('2', [6]), teacher('3', [4])]}
      />,
    )
    const section = await screen.findByRole('region', { name: 'Кто ведёт курс' })
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Преподаватель 1', 'Преподаватель 3'])
    expect(within(section).getByText('Ещё ведёт:')).toBeVisible()
    expect(within(section).queryByRole('link', { name: python.title })).toBeNull()
    expect(within(section).getByRole('link', { name: scratch.title })).toBeVisible()
  })

  it('is absent on a course nobody is named for', async () => {
    renderPage(<CourseTeachersSection courseId={4} teachers={[teacher('2', [6])]} />)
    await screen.findByText('Дальше на странице')
    expect(screen.queryByRole('region', { name: 'Кто ведёт курс' })).toBeNull()
  })
})

describe('SchoolPhotosSection', () => {
  it('shows each photo with its description as alt text, its size set and loaded lazily', async () => {
    const photos: SchoolPhoto[] = [
      {
        id: 'a',
        image: '/uploads/a.jpg',
        alt: 'Дети у доски',
        caption: 'Первое занятие',
        sample: false,
      },
      { id: 'b', image: '/uploads/b.jpg', alt: 'Робот', caption: '', sample: false },
    ]
    renderPage(<SchoolPhotosSection photos={photos} />)
    const section = await screen.findByRole('region', { name: 'Как проходят занятия' })
    const board = within(section).getByRole('img', { name: 'Дети у доски' })
    expect(board).toHaveAttribute('loading', 'lazy')
    expect(board).toHaveAttribute('decoding', 'async')
    expect(board).toHaveAttribute('width', '640')
    expect(board).toHaveAttribute('height', '480')
    expect(within(section).getByRole('img', { name: 'Робот' })).toBeVisible()
    // The caption is the photo's own: in its figure.
    expect(within(section).getByText('Первое занятие').closest('figure')).toContainElement(board)
    expect(within(section).getAllByRole('figure')).toHaveLength(2)
  })

  it('is absent when there are none', async () => {
    renderPage(<SchoolPhotosSection photos={[]} />)
    await screen.findByText('Дальше на странице')
    expect(screen.queryByRole('region', { name: 'Как проходят занятия' })).toBeNull()
  })
})
