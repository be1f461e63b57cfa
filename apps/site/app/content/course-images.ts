// Course pictures: uploaded through the editor into content/uploads/ (the shipped ones were drawn
// for this site). The build's content plugin (vite/content-plugin.ts) imports each picture a
// course names, so Vite gives it a hashed URL; a photo is built into AVIF and WebP at a few widths
// first (docs/decisions/0070-responsive-photos-at-build.md). A course naming a missing file fails
// the build.
import uploads from 'virtual:content-uploads/course'
import { PICTURE_SIZES, uploadedPicture, type UploadedPicture } from './uploaded-pictures.ts'

/** Intrinsic size of every course picture, for width/height attributes. */
export const COURSE_IMAGE_SIZE = PICTURE_SIZES.course

/** A course's picture as built, from the course's `image` ('/uploads/course-1.svg'). */
export function coursePicture(image: string): UploadedPicture {
  return uploadedPicture(uploads, image)
}
