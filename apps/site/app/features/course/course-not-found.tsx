import { NotFoundView } from '#app/components/not-found-view.tsx'
import { paths } from '#app/config/paths.ts'

export function CourseNotFound() {
  return (
    <NotFoundView
      heading="Курс не найден"
      message="Извините, запрашиваемый курс не существует или был удалён."
      linkTo={paths.courses}
      linkLabel="Вернуться к списку курсов"
    />
  )
}
