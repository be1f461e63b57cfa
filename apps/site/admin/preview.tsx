// The editor's preview (docs/decisions/0068-the-editor-on-a-phone.md): a course and an
// announcement drawn by the site's own components with the site's stylesheet, as they will look
// once published. The site's components use React 19: they render with the site's own react-dom
// into a node the preview component of Decap owns, never inside Decap's React tree.
import {
  COURSE_LEVELS,
  COURSE_FORMATS,
  REVIEW_SOURCES,
  type CourseEntry,
} from '@it-lab/shared/content'
import { createRoot, type Root } from 'react-dom/client'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { russianDate } from '#app/content/russian-date.ts'
import { defineCourse } from '#app/content/courses.ts'
import { AnnouncementList } from '#app/features/announcements/announcement-list.tsx'
import { CourseCard } from '#app/features/course/course-card.tsx'
import { CourseHero } from '#app/features/course/course-hero.tsx'
import { paragraphsOf } from '#app/content/answers-files.ts'
import { CoursePricesSection } from '#app/sections/course-prices-section.tsx'
import { SchoolPhotosSection } from '#app/sections/school-photos-section.tsx'
import { TeacherCard } from '#app/features/teachers/teacher-card.tsx'
import { FaqSection } from '#app/sections/faq-section.tsx'
import { ReviewsSection } from '#app/sections/reviews-section.tsx'
import {
  createClass,
  h,
  type ComponentClass,
  type ImmutableMap,
  type PreviewProps,
} from './decap.ts'
import { EDITOR_API } from './editor-api.ts'
import { showNewPictures, WAITING } from './new-pictures.ts'
import { showPicture } from './preview-pictures.ts'

/** The entry's fields as plain data. */
const entryData = (entry: ImmutableMap) =>
  ((entry.getIn(['data']) as ImmutableMap | undefined)?.toJS() ?? {}) as Record<string, unknown>

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback
/** A number the owner has typed so far; 0 while the field holds no number yet. */
const whole = (value: unknown) => (typeof value === 'number' ? value : 0)
const isoDate = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''

/** The course being edited, as the site would read it; blanks filled so it can be drawn. */
function courseOf(data: Record<string, unknown>): CourseEntry {
  const prices = (data.prices ?? {}) as Record<string, unknown>
  const level = COURSE_LEVELS.find((name) => name === data.level) ?? COURSE_LEVELS[0]
  const format = COURSE_FORMATS.find((name) => name === data.format) ?? COURSE_FORMATS[0]
  return {
    id: whole(data.id),
    title: text(data.title, 'Название курса'),
    description: text(data.description, 'Описание курса'),
    months: whole(data.months),
    level,
    ageMin: whole(data.ageMin),
    ageMax: whole(data.ageMax),
    onMainPage: data.onMainPage === true,
    format,
    start: isoDate(data.start),
    prices: {
      basic: whole(prices.basic),
      month: whole(prices.month),
      fourMonth: whole(prices.fourMonth),
      year: whole(prices.year),
    },
    image: text(data.image, ''),
  }
}

function CoursePreview({ course, hidden }: { course: CourseEntry; hidden: boolean }) {
  const shown = defineCourse(course)
  return (
    <>
      {hidden ? (
        <p role="status" className="bg-amber-100 p-4 font-bold text-amber-900">
          Курс скрыт с сайта: его нет в каталоге, на главной и в тесте, а по его адресу — «Курс
          сейчас не проводится».
        </p>
      ) : null}
      <section aria-label="Карточка в каталоге" className="bg-slate-50 p-4">
        <p className="mb-3 text-sm font-bold text-slate-600">Карточка в каталоге</p>
        <div className="max-w-sm">
          <CourseCard course={shown} />
        </div>
      </section>
      <p className="bg-slate-50 px-4 pt-2 text-sm font-bold text-slate-600">Страница курса</p>
      <CourseHero course={shown} />
      <CoursePricesSection prices={shown.prices} />
    </>
  )
}

function AnnouncementPreview({ data }: { data: Record<string, unknown> }) {
  const date = isoDate(data.date)
  return (
    <div className="bg-slate-50 p-4">
      <AnnouncementList
        headingLevel={2}
        announcements={[
          {
            id: 'preview',
            title: text(data.title, 'Заголовок объявления'),
            text: text(data.text, 'Текст объявления'),
            ...(date ? { date, dateText: russianDate(date) } : {}),
          },
        ]}
      />
    </div>
  )
}

type PreviewMethods = {
  root: Root | null
  node: HTMLDivElement | null
  setNode(node: HTMLDivElement | null): void
  draw(): void
  componentDidMount(): void
  componentDidUpdate(): void
  componentWillUnmount(): void
  render(): unknown
}

/** A Decap preview template that hands a node of its own to the site's React. */
function sitePreview(view: (props: PreviewProps) => ReactNode): ComponentClass {
  return createClass<PreviewProps, Record<string, never>, PreviewMethods>({
    root: null,
    node: null,
    setNode(node) {
      this.node = node
    },
    draw() {
      if (!this.node) return
      this.root ??= createRoot(this.node)
      this.root.render(<MemoryRouter>{view(this.props)}</MemoryRouter>)
    },
    componentDidMount() {
      if (this.node) showNewPictures(this.node.ownerDocument, EDITOR_API)
      this.draw()
    },
    componentDidUpdate() {
      this.draw()
    },
    componentWillUnmount() {
      const root = this.root
      this.root = null
      // Unmounting while Decap's own React commits would warn: after it, then.
      if (root) queueMicrotask(() => root.unmount())
    },
    render() {
      return h('div', { ref: this.setNode })
    },
  })
}

export const coursePreview = sitePreview(({ entry, getAsset }) => {
  const data = entryData(entry)
  const course = courseOf(data)
  if (course.image) showPicture(course.image, getAsset(course.image)?.toString())
  return <CoursePreview course={course} hidden={data.hidden === true} />
})

export const announcementPreview = sitePreview(({ entry }) => {
  return <AnnouncementPreview data={entryData(entry)} />
})

/** The numbers of the courses a teacher's entry names so far (the editor writes them as text). */
const courseNumbers = (value: unknown) =>
  (Array.isArray(value) ? value : []).map(Number).filter((id) => Number.isSafeInteger(id))

export const teacherPreview = sitePreview(({ entry, getAsset }) => {
  const data = entryData(entry)
  const chosen = text(data.photo, '')
  if (chosen) showPicture(chosen, getAsset(chosen)?.toString())
  // Until a photo is chosen, a transparent pixel in its place (an empty src would fetch the page).
  const photo = chosen || WAITING
  return (
    <div className="max-w-sm bg-slate-50 p-4">
      <TeacherCard
        teacher={{
          id: 'preview',
          name: text(data.name, 'Имя и фамилия'),
          photo,
          courseIds: courseNumbers(data.courses),
          text: text(data.text, 'О преподавателе'),
          sample: data.sample === true,
        }}
      />
    </div>
  )
})

export const photoPreview = sitePreview(({ entry, getAsset }) => {
  const data = entryData(entry)
  const chosen = text(data.image, '')
  if (chosen) showPicture(chosen, getAsset(chosen)?.toString())
  const image = chosen || WAITING
  return (
    <SchoolPhotosSection
      photos={[
        {
          id: 'preview',
          image,
          alt: text(data.alt, 'Что на фото'),
          caption: text(data.caption, ''),
          sample: data.sample === true,
        },
      ]}
    />
  )
})

// A question and a review as the home page draws them (docs/decisions/0076): the answer open.
export const faqPreview = sitePreview(({ entry }) => {
  const data = entryData(entry)
  return (
    <FaqSection
      open
      entries={[
        {
          id: 'preview',
          question: text(data.question, 'Вопрос'),
          paragraphs: paragraphsOf(text(data.answer, 'Ответ')),
          sample: data.sample === true,
        },
      ]}
    />
  )
})

export const reviewPreview = sitePreview(({ entry }) => {
  const data = entryData(entry)
  const date = isoDate(data.date)
  const source = REVIEW_SOURCES.find((name) => name === data.source) ?? 'written'
  const link = text(data.link, '')
  return (
    <ReviewsSection
      reviews={[
        {
          id: 'preview',
          paragraphs: paragraphsOf(text(data.text, 'Текст отзыва')),
          author: text(data.author, 'Кто написал'),
          ...(date ? { dateText: russianDate(date) } : {}),
          source,
          ...(link ? { link } : {}),
          sample: data.sample === true,
        },
      ]}
    />
  )
})
