import { COURSE_IMAGE_SIZE, type Course } from '~/content/courses'

type CourseImageProps = {
  course: Pick<Course, 'image'>
  /** Images below the first screen load lazily. */
  eager?: boolean
  className?: string
}

/**
 * The course illustration at its intrinsic ratio (no layout shift).
 * Decorative: the course title always stands next to it.
 */
export function CourseImage({ course, eager = false, className = '' }: CourseImageProps) {
  const { width, height } = COURSE_IMAGE_SIZE
  return (
    <img
      src={course.image}
      alt=""
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`h-auto w-full bg-brand-50 ${className}`}
    />
  )
}
