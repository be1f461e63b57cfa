declare module 'virtual:content-uploads' {
  import type { UploadedPicture } from '#app/content/course-images.ts'

  /** Each uploaded picture a course names ('/uploads/course-1.svg') → how the pages load it. */
  const uploads: Readonly<Record<string, UploadedPicture>>
  export default uploads
}
