/// <reference types="vite/client" />
// Course illustrations: course-images/course-{id}.svg, drawn for this site. Vite turns each file
// into a URL; a course without its file fails the build (and the content tests).

const urls = import.meta.glob<string>('./course-images/course-*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
})

/** Intrinsic size of every course illustration, for width/height attributes. */
export const COURSE_IMAGE_SIZE = { width: 640, height: 400 } as const

/** The URL of a course's illustration. */
export function courseImageUrl(courseId: number): string {
  const url = urls[`./course-images/course-${courseId}.svg`]
  if (url === undefined)
    throw new Error(`course ${courseId} has no course-images/course-${courseId}.svg`)
  return url
}
