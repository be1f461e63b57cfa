import { COURSE_IMAGE_SIZE, coursePicture } from '#app/content/course-images.ts'
import { UploadedImage } from './uploaded-image.tsx'

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
 * The course illustration at its intrinsic ratio (no layout shift). Decorative: the course title
 * always stands next to it.
 */
export function CourseImage({ image, ...props }: CourseImageProps) {
  return <UploadedImage picture={coursePicture(image)} {...COURSE_IMAGE_SIZE} alt="" {...props} />
}
