// Course pictures: uploaded through the editor into content/uploads/ (the shipped ones were drawn
// for this site). The build's content plugin (scripts/content-plugin.ts) imports each picture a
// course names, so Vite gives it a hashed URL; a course naming a missing file fails the build.
import uploads from 'virtual:content-uploads'

/** Intrinsic size of every course picture, for width/height attributes. */
export const COURSE_IMAGE_SIZE = { width: 640, height: 400 } as const

/** The URL of a course's picture, from the course's `image` ('/uploads/course-1.svg'). */
export function courseImageUrl(image: string): string {
  const url = uploads[image]
  if (url === undefined) throw new Error(`no uploaded picture ${image} in content/uploads/`)
  return url
}
