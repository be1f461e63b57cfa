import { brandColors } from '~/config/brand'
import { COURSE_IMAGE_SIZE, type Course } from '~/content/courses'

type CourseImageProps = {
  course: Pick<Course, 'image'>
  /** Images below the first screen load lazily. */
  eager?: boolean
  className?: string
}

/**
 * The course illustration at its intrinsic ratio (no layout shift), or a drawn placeholder.
 * Decorative: the course title always stands next to it.
 */
export function CourseImage({ course, eager = false, className = '' }: CourseImageProps) {
  const { width, height } = COURSE_IMAGE_SIZE
  if (!course.image) {
    return (
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        aria-hidden="true"
        focusable="false"
        className={`h-auto w-full bg-brand-50 ${className}`}
      >
        <rect width={width} height={height} fill={brandColors['brand-50']} />
        <path
          d="M270 160l-50 40 50 40M370 160l50 40-50 40M340 140l-40 120"
          fill="none"
          stroke={brandColors['brand-500']}
          strokeWidth="14"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    )
  }
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
