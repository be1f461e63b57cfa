declare module 'virtual:content-uploads' {
  /** Each uploaded picture a course names ('/uploads/course-1.svg') → how the pages load it. */
  const uploads: Readonly<Record<string, import('#app/content/course-images.ts').UploadedPicture>>
  export default uploads
}
