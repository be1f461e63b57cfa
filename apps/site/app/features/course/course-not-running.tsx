import { NotFoundView } from '#app/components/not-found-view.tsx'
import { paths } from '#app/config/paths.ts'

/** What the page of a course says; the meta description says the same. */
export function courseNotRunningText(title: string): string {
  return `Курс «${title}» сейчас не проводится. Посмотрите другие курсы школы.`
}

/**
 * The page of a course the owner hid: a parent who kept its address is told plainly that it is not
 * running now and sent to the catalogue (docs/decisions/0069-hidden-courses-quiz-data.md).
 */
export function CourseNotRunning({ title }: { title: string }) {
  return (
    <NotFoundView
      heading="Курс сейчас не проводится"
      message={courseNotRunningText(title)}
      linkTo={paths.courses}
      linkLabel="Посмотреть все курсы"
    />
  )
}
