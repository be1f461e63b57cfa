import { NotFoundView } from '~/components/not-found-view'
import { paths } from '~/config/paths'

export function CourseNotFound() {
  return (
    <NotFoundView
      heading="Курс не найден"
      message="Извините, запрашиваемый курс не существует или был удален."
      linkTo={paths.courses}
      linkLabel="Вернуться к списку курсов"
    />
  )
}
