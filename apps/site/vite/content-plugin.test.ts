import { execFileSync } from 'node:child_process'
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { largePhotoJpeg } from '../harness/large-photo.ts'
import { pixelBombPng } from '../harness/pixel-bomb.ts'
import { checkContentFolder, pictureCut, uploadsProblems } from '@it-lab/content-check'
import { contentDir, formatProblem } from '@it-lab/shared/content'
import { readBuildContent } from './content-plugin.ts'

const shipped = path.join(import.meta.dirname, '../../../content')
const scratch: string[] = []
let photo: Buffer

/** The content check's lines for the folder CONTENT_DIR names, as the build words them. */
const contentCheck = async () =>
  (await checkContentFolder(contentDir(), { launch: false })).problems.map(formatProblem)

/** A copy of the shipped content, which the checks read (CONTENT_DIR) until the test ends. */
function copyOfContent(): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'content-plugin-')), 'content')
  scratch.push(path.dirname(dir))
  cpSync(shipped, dir, { recursive: true })
  vi.stubEnv('CONTENT_DIR', dir)
  return dir
}

/** Changes course `id`'s file in `dir`. */
function editCourse(dir: string, id: number, edit: (course: Record<string, unknown>) => void) {
  const file = path.join(dir, 'courses', `${id}.json`)
  const course = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  edit(course)
  writeFileSync(file, JSON.stringify(course))
}

beforeAll(async () => {
  photo = await largePhotoJpeg()
})
afterEach(() => {
  vi.unstubAllEnvs()
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('content/uploads', () => {
  it('holds only pictures: a document is named and refused, a shipped picture passes', async () => {
    const dir = copyOfContent()
    expect(uploadsProblems(dir)).toEqual([])
    writeFileSync(path.join(dir, 'uploads', 'prices.pdf'), '%PDF-1.7\n%âãÏÓ\n1 0 obj\n')
    writeFileSync(path.join(dir, 'uploads', 'letter.docx'), Buffer.from('PK\x03\x04\x14\x00'))
    // A document renamed as a picture is told by its bytes.
    writeFileSync(path.join(dir, 'uploads', 'photo.png'), '%PDF-1.7\n')
    const jpeg = await sharp({
      create: { width: 8, height: 5, channels: 3, background: '#fff' },
    })
      .jpeg()
      .toBuffer()
    writeFileSync(path.join(dir, 'uploads', 'named-wrong.png'), jpeg)
    const notAPicture =
      'весь файл: это не картинка: в папке загрузок могут быть только картинки PNG, JPEG, WebP, AVIF или SVG; удалите этот файл'
    expect((await contentCheck()).sort()).toEqual(
      [
        `content/uploads/letter.docx: ${notAPicture}`,
        'content/uploads/named-wrong.png: весь файл: внутри не то, что написано в имени файла (это JPEG, а не PNG): загрузите картинку заново',
        `content/uploads/photo.png: ${notAPicture}`,
        `content/uploads/prices.pdf: ${notAPicture}`,
      ].sort(),
    )
  })

  it("takes an owner's 5 MB photo (no longer refused for its weight), still asks for 8:5 and 640×400", async () => {
    const dir = copyOfContent()
    writeFileSync(path.join(dir, 'uploads', 'python.jpg'), photo)
    editCourse(dir, 4, (course) => (course.image = '/uploads/python.jpg'))
    expect(await contentCheck()).toEqual([])

    await sharp(photo)
      .resize(1000, 1000)
      .jpeg()
      .toFile(path.join(dir, 'uploads', 'square.jpg'))
    await sharp(photo)
      .resize(480, 300)
      .jpeg()
      .toFile(path.join(dir, 'uploads', 'small.jpg'))
    editCourse(dir, 5, (course) => (course.image = '/uploads/square.jpg'))
    editCourse(dir, 6, (course) => (course.image = '/uploads/small.jpg'))
    expect(await contentCheck()).toEqual([
      'content/courses/5.json: поле «Картинка» (image): картинка 1000×1000: нужна пропорция 8:5, например 1280×800 (обрежьте её) (сейчас: "/uploads/square.jpg")',
      'content/courses/6.json: поле «Картинка» (image): картинка 480×300, нужна не меньше 640×400 (сейчас: "/uploads/small.jpg")',
    ])
  })

  it('refuses a photo over 15 MB and an SVG over 500 KB, in megabytes and kilobytes', async () => {
    const dir = copyOfContent()
    writeFileSync(path.join(dir, 'uploads', 'huge.jpg'), Buffer.concat([photo, photo, photo]))
    const svg = readFileSync(path.join(dir, 'uploads', 'course-1.svg'), 'utf8')
    writeFileSync(
      path.join(dir, 'uploads', 'heavy.svg'),
      svg.replace('</svg>', `<!--${'x'.repeat(500 * 1024)}--></svg>`),
    )
    editCourse(dir, 4, (course) => (course.image = '/uploads/huge.jpg'))
    editCourse(dir, 5, (course) => (course.image = '/uploads/heavy.svg'))
    const megabytes = (Math.ceil(((photo.length * 3) / 1024 / 1024) * 10) / 10).toLocaleString(
      'ru-RU',
    )
    const kilobytes = Math.ceil(statSync(path.join(dir, 'uploads', 'heavy.svg')).size / 1024)
    expect(await contentCheck()).toEqual([
      `content/courses/4.json: поле «Картинка» (image): картинка весит ${megabytes} МБ, можно не больше 15 МБ (сейчас: "/uploads/huge.jpg")`,
      `content/courses/5.json: поле «Картинка» (image): картинка весит ${kilobytes} КБ, можно не больше 500 КБ (сейчас: "/uploads/heavy.svg")`,
    ])
  })
})

describe('what content/ may hold', () => {
  it('refuses a decompression bomb by its header, in Russian, within a second', async () => {
    const dir = copyOfContent()
    // 120 million pixels: under sharp's own limit (268 million), over the site's.
    writeFileSync(path.join(dir, 'uploads', 'bomb.png'), pixelBombPng(12_000, 10_000))
    editCourse(dir, 4, (course) => (course.image = '/uploads/bomb.png'))
    const started = performance.now()
    expect(await contentCheck()).toEqual([
      'content/courses/4.json: поле «Картинка» (image): картинка слишком большая: 12000 × 10000 точек (120 млн), а можно не больше 100 млн: уменьшите её (например, до 4000 точек по длинной стороне) и загрузите заново (сейчас: "/uploads/bomb.png")',
    ])
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('refuses a link anywhere under content/, and a pipe, reading nothing through them', async () => {
    const dir = copyOfContent()
    const outside = path.join(path.dirname(dir), 'outside')
    mkdirSync(outside)
    writeFileSync(path.join(outside, 'course.json'), readFileSync(path.join(dir, 'courses/4.json')))
    symlinkSync('/etc/passwd', path.join(dir, 'courses', '99.json'))
    unlinkSync(path.join(dir, 'school.json'))
    symlinkSync('/etc/passwd', path.join(dir, 'school.json'))
    symlinkSync(outside, path.join(dir, 'uploads', 'outside'))
    rmSync(path.join(dir, 'groups'), { recursive: true })
    symlinkSync(outside, path.join(dir, 'groups'), 'dir')
    execFileSync('mkfifo', [path.join(dir, 'pages', 'pipe')])
    const link =
      'весь файл: это ссылка на другой файл или папку: в content/ могут быть только обычные файлы и папки; удалите её и положите сам файл'
    const expected = [
      `content/courses/99.json: ${link}`,
      `content/groups: ${link}`,
      'content/pages/pipe: весь файл: это не файл и не папка: в content/ могут быть только обычные файлы и папки; удалите его',
      `content/school.json: ${link}`,
      `content/uploads/outside: ${link}`,
    ]
    const problems = await contentCheck()
    expect(problems).toEqual(expected)
    expect(problems.join('\n')).not.toContain('root:')
    await expect(readBuildContent()).rejects.toMatchObject({
      problems: expect.arrayContaining([expect.objectContaining({ file: 'content/groups' })]),
    })
  })
})

describe('the courses the build shows', () => {
  it('leave out a hidden course, which keeps only its number and title for its old address', async () => {
    const dir = copyOfContent()
    editCourse(dir, 3, (course) => (course.hidden = true))
    const content = await readBuildContent()
    expect(content.courses.map(({ id }) => id)).not.toContain(3)
    expect(content.hiddenCourses).toEqual([{ id: 3, title: expect.any(String) }])
    expect(content.uploads.course.has('/uploads/course-3.svg')).toBe(false)
  })

  it('take a gap in the numbers: courses 1–9 and 11', async () => {
    const dir = copyOfContent()
    unlinkSync(path.join(dir, 'courses', '10.json'))
    const file = readFileSync(path.join(dir, 'courses', '9.json'), 'utf8')
    writeFileSync(path.join(dir, 'courses', '11.json'), file.replace('"id": 9', '"id": 11'))
    editCourse(dir, 9, (course) => (course.image = '/uploads/course-10.svg'))
    const content = await readBuildContent()
    expect(content.courses.map(({ id }) => id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11])
  })
})

/** Writes `data` as content/<name> in `dir`. */
function writeEntry(dir: string, name: string, data: unknown) {
  writeFileSync(path.join(dir, name), JSON.stringify(data))
}

describe("teachers' and the school's photos (docs/decisions/0074-teachers-and-school-photos.md)", () => {
  it("take an owner's 5 MB photo of any proportion: it is cut at build", async () => {
    const dir = copyOfContent()
    writeFileSync(path.join(dir, 'uploads', 'owner.jpg'), photo)
    writeEntry(dir, 'teachers/owner.json', {
      name: 'Преподаватель',
      photo: '/uploads/owner.jpg',
      courses: ['4'],
      text: 'Текст',
      order: 1,
    })
    writeEntry(dir, 'photos/owner.json', { image: '/uploads/owner.jpg', alt: 'Урок', order: 1 })
    expect(await contentCheck()).toEqual([])
    const content = await readBuildContent()
    expect(content.uploads.teacher.has('/uploads/owner.jpg')).toBe(true)
    expect(content.uploads.photo.has('/uploads/owner.jpg')).toBe(true)
    // A course is not cut: its 8:5 rule stands.
    expect(content.uploads.course.has('/uploads/owner.jpg')).toBe(false)
  })

  it('refuse, in Russian, a photo too small once cut, a drawing, a missing file and an unknown course', async () => {
    const dir = copyOfContent()
    // 900×450: wide enough, but a 4:5 cut of it is 360×450.
    await sharp(photo)
      .resize(900, 450)
      .jpeg()
      .toFile(path.join(dir, 'uploads', 'wide.jpg'))
    writeEntry(dir, 'teachers/wide.json', {
      name: 'Преподаватель',
      photo: '/uploads/wide.jpg',
      courses: [4, 77],
      text: 'Текст',
      order: 1,
    })
    writeEntry(dir, 'teachers/drawn.json', {
      name: 'Преподаватель',
      photo: '/uploads/course-1.svg',
      text: 'Текст',
      order: 2,
    })
    writeEntry(dir, 'photos/gone.json', { image: '/uploads/gone.jpg', alt: 'Урок', order: 1 })
    expect((await contentCheck()).sort()).toEqual(
      [
        'content/teachers/wide.json: поле «Ведёт курсы» (courses): курса 77 нет на сайте (его удалили?): уберите его из курсов преподавателя',
        'content/teachers/wide.json: поле «Фото» (photo): фото 900×450 слишком маленькое: на сайте оно в пропорции 4:5, и из него выходит только 360×450, а нужно не меньше 400×500 (сейчас: "/uploads/wide.jpg")',
        'content/teachers/drawn.json: поле «Фото» (photo): здесь нужна фотография JPG, PNG, WebP или AVIF, а не рисунок SVG (сейчас: "/uploads/course-1.svg")',
        'content/photos/gone.json: поле «Фото» (image): такого файла нет в content/uploads: загрузите картинку заново (сейчас: "/uploads/gone.jpg")',
      ].sort(),
    )
  })

  it('cut the largest part of their proportion a photo holds', () => {
    expect(pictureCut('teacher', 4000, 2500)).toEqual({ width: 2000, height: 2500 })
    expect(pictureCut('teacher', 3000, 4000)).toEqual({ width: 3000, height: 3750 })
    expect(pictureCut('photo', 3000, 4000)).toEqual({ width: 3000, height: 2250 })
  })

  it('an empty folder (the samples deleted) gives no teachers and no photos', async () => {
    const dir = copyOfContent()
    rmSync(path.join(dir, 'teachers'), { recursive: true })
    rmSync(path.join(dir, 'photos'), { recursive: true })
    const content = await readBuildContent()
    expect(content.teachers).toEqual([])
    expect(content.schoolPhotos).toEqual([])
  })
})

describe('the questions and the reviews', () => {
  it('are listed with every other problem at once, and none of them when deleted', async () => {
    const dir = copyOfContent()
    writeFileSync(
      path.join(dir, 'reviews', 'obrazec-yandex.json'),
      JSON.stringify({ text: 'Отзыв.', author: 'мама Маши', source: 'yandex', link: '' }),
    )
    writeFileSync(path.join(dir, 'faq', 'vozrast.json'), JSON.stringify({ question: 'Вопрос?' }))
    editCourse(dir, 4, (course) => (course.months = 0))
    expect(await contentCheck()).toEqual([
      'content/courses/4.json: поле «Длительность, месяцев» (months): длительность в месяцах: не меньше 1 (сейчас: 0)',
      'content/faq/vozrast.json: поле «Ответ» (answer): должно быть текстом',
      'content/faq/vozrast.json: поле «Порядок» (order): порядок: нужно число',
      'content/reviews/obrazec-yandex.json: поле «Ссылка на отзыв» (link): нужна ссылка на этот отзыв на сайте «Яндекс Карты» (сейчас: "")',
    ])
    rmSync(path.join(dir, 'faq'), { recursive: true })
    rmSync(path.join(dir, 'reviews'), { recursive: true })
    editCourse(dir, 4, (course) => (course.months = 9))
    const content = await readBuildContent()
    expect([content.faq, content.reviews]).toEqual([[], []])
  })
})
