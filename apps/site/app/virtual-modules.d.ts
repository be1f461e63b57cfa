declare module 'virtual:content-uploads' {
  /** Each uploaded picture a course names ('/uploads/course-1.svg') → its built URL. */
  const uploads: Readonly<Record<string, string>>
  export default uploads
}
