import { courses } from '#app/content/courses.ts'
import { CourseGrid } from '#app/features/course/course-grid.tsx'
import { paths } from '#app/config/paths.ts'
import { OTHER_TEXTS } from '#app/content/page-texts.ts'
import { ContactSection } from '#app/sections/contact-section.tsx'
import { seo } from '#app/lib/seo.ts'

export const meta = () => seo({ ...__SEARCH_TEXTS__.courses, path: paths.courses })

export default function CoursesPage() {
  return (
    <>
      <section
        aria-labelledby="catalogue-heading"
        className="bg-brand-700 bg-linear-to-br from-brand-600 to-brand-800 py-14 text-white sm:py-20"
      >
        <div className="mx-auto max-w-6xl px-4">
          <h1 id="catalogue-heading" className="text-4xl leading-tight font-extrabold sm:text-5xl">
            {OTHER_TEXTS.catalogue.title}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-50 sm:text-xl">
            {OTHER_TEXTS.catalogue.lead}
          </p>
        </div>
      </section>
      <section aria-label="Список курсов" className="py-12 sm:py-16">
        <div className="mx-auto max-w-6xl px-4">
          <CourseGrid courses={courses} headingLevel={2} eagerImages={3} />
        </div>
      </section>
      <ContactSection />
    </>
  )
}
