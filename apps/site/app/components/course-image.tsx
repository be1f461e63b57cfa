import { COURSE_IMAGE_SIZE, coursePicture } from '#app/content/course-images.ts'

type CourseImageProps = {
  /** The course's picture as its file names it: '/uploads/course-1.svg'. */
  image: string
  /** Images below the first screen load lazily; those on it do not. */
  eager?: boolean
  /** The page's largest paint (a photo on a phone): fetched before the scripts. */
  priority?: boolean
  /** How wide it is laid out, for a photo's srcset: a `sizes` attribute. */
  sizes: string
  className?: string
}

/**
 * The course illustration at its intrinsic ratio (no layout shift): an SVG as it is, a photo as
 * <picture> with its AVIF and WebP widths. Decorative: the course title always stands next to it.
 */
export function CourseImage({
  image,
  eager = false,
  priority = false,
  sizes,
  className = '',
}: CourseImageProps) {
  const { width, height } = COURSE_IMAGE_SIZE
  const { src, srcset, sources } = coursePicture(image)
  const img = (
    <img
      src={src}
      srcSet={srcset}
      sizes={srcset ? sizes : undefined}
      alt=""
      width={width}
      height={height}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={`h-auto w-full bg-brand-50 ${className}`}
    />
  )
  if (sources.length === 0) return img
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  )
}
