import { COURSE_IMAGE_SIZE, courseImageUrl } from '#app/content/course-images.ts'

type CourseImageProps = {
  /** The course's picture as its file names it: '/uploads/course-1.svg'. */
  image: string
  /** Images below the first screen load lazily. */
  eager?: boolean
  className?: string
}

/**
 * The course illustration at its intrinsic ratio (no layout shift).
 * Decorative: the course title always stands next to it.
 */
export function CourseImage({ image, eager = false, className = '' }: CourseImageProps) {
  const { width, height } = COURSE_IMAGE_SIZE
  return (
    <img
      src={courseImageUrl(image)}
      alt=""
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`h-auto w-full bg-brand-50 ${className}`}
    />
  )
}
