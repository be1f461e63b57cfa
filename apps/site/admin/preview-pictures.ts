// `virtual:content-uploads` for the editor's preview: the site's CourseImage asks it for a
// picture's URL. The site's build gives hashed /assets/ URLs of the pictures it was built with;
// the preview shows the picture Decap holds (a new upload included), else /uploads/<name>, where
// the build copies content/uploads/ for the editor.
const shown = new Map<string, string>()

/** The URL the preview shows for a course's picture. */
export function showPicture(image: string, url: string | undefined): void {
  if (url) shown.set(image, url)
}

const uploads: Record<string, string> = new Proxy(
  {},
  {
    get: (_target, image) => (typeof image === 'string' ? (shown.get(image) ?? image) : undefined),
  },
)

export default uploads
