// Course pictures: uploaded through the editor into content/uploads/ (the shipped ones were drawn
// for this site). The build's content plugin (scripts/content-plugin.ts) imports each picture a
// course names, so Vite gives it a hashed URL; a photo is built into AVIF and WebP at a few widths
// first (docs/decisions/0070-responsive-photos-at-build.md). A course naming a missing file fails
// the build.
import uploads from 'virtual:content-uploads'

/** A picture as the build made it. */
export type UploadedPicture = {
  /** The <img>'s own file: the SVG as uploaded, or a photo's WebP at the shown width. */
  src: string
  /** A photo's WebP at every width built ('… 320w, … 640w'); none for an SVG. */
  srcset?: string
  /** A photo's better formats for <picture>, each with its srcset; empty for an SVG. */
  sources: readonly { type: string; srcset: string }[]
}

/** Intrinsic size of every course picture, for width/height attributes. */
export const COURSE_IMAGE_SIZE = { width: 640, height: 400 } as const

/** A course's picture as built, from the course's `image` ('/uploads/course-1.svg'). */
export function coursePicture(image: string): UploadedPicture {
  const picture = uploads[image]
  if (picture === undefined) throw new Error(`no uploaded picture ${image} in content/uploads/`)
  return picture
}
