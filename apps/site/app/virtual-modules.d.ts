// Each kind's uploaded pictures the pages show ('/uploads/course-1.svg') → how the pages load them
// (vite/content-plugin.ts).
declare module 'virtual:content-uploads/course' {
  import type { UploadedPicture } from '#app/content/uploaded-pictures.ts'

  const uploads: Readonly<Record<string, UploadedPicture>>
  export default uploads
}

declare module 'virtual:content-uploads/teacher' {
  import type { UploadedPicture } from '#app/content/uploaded-pictures.ts'

  const uploads: Readonly<Record<string, UploadedPicture>>
  export default uploads
}

declare module 'virtual:content-uploads/photo' {
  import type { UploadedPicture } from '#app/content/uploaded-pictures.ts'

  const uploads: Readonly<Record<string, UploadedPicture>>
  export default uploads
}
