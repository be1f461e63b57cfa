// `virtual:content-uploads/<kind>` for the editor's preview: the site's pictures ask it for a
// picture. The site's build gives hashed /assets/ URLs of the pictures it was built with (a photo
// in several widths and formats); the preview shows the one picture Decap holds (a new upload
// included), else /uploads/<name>, where the build copies content/uploads/ for the editor.
import type { UploadedPicture } from '#app/content/uploaded-pictures.ts'

const shown = new Map<string, string>()

/** The URL the preview shows for a course's picture. */
export function showPicture(image: string, url: string | undefined): void {
  if (url) shown.set(image, url)
}

const uploads: Record<string, UploadedPicture> = new Proxy(
  {},
  {
    get: (_target, image) =>
      typeof image === 'string' ? { src: shown.get(image) ?? image, sources: [] } : undefined,
  },
)

export default uploads
