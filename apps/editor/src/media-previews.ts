import { randomBytes } from 'node:crypto'
import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PICTURE_MAX_PIXELS } from '@it-lab/shared/image-type'
import sharp from 'sharp'
import { sha256 } from './content-store.ts'

// The media library as the editor lists it (the content service's `getMedia`; `getMediaPreview`
// for one picture): each picture as a small preview, not its full bytes, which were 7 MB a phone
// photo on every start of the editor.
// The id stays the original's sha256 (what a save's `baseIds` compare), the path the original's
// (what the editor inserts); `getMediaFile` still gives the whole file. Previews are kept in the
// gateway's own folder (EDITOR_CACHE_DIR), outside the repository, by the original's sha256, so a
// picture is shrunk once. The shipped SVG drawings go as they are: a couple of KB each, drawn
// sharp at any size, and rasterising them would only lose that.

/** Longest side of a preview, in pixels: the media library's tiles are smaller on any screen. */
const PREVIEW_SIDE = 320
const PREVIEW_QUALITY = 70

export type MediaEntry = {
  id: string
  content: string
  encoding: 'base64'
  path: string
  name: string
}

type PreviewOptions = {
  /** A repository file's bytes, or null when it is gone (the content store's safe read). */
  read: (file: string) => Promise<Buffer | null>
  /** EDITOR_CACHE_DIR; none: each preview is made on each request. */
  cacheDir?: string
  warn: (message: string, details?: Record<string, unknown>) => void
}

/** A raster picture shrunk to fit PREVIEW_SIDE, as WebP. */
export async function previewOf(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS })
    .rotate()
    .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: PREVIEW_QUALITY })
    .toBuffer()
}

const PREVIEW_FILE = /^[0-9a-f]{64}\.webp$/

export class MediaPreviews {
  readonly #options: PreviewOptions
  /** The cache folder when it is the gateway's own real folder; checked once. */
  #folder: Promise<string | undefined> | undefined

  constructor(options: PreviewOptions) {
    this.#options = options
  }

  /** The pictures of `files` that exist, each with its preview; unused previews are removed. */
  async list(files: readonly string[]): Promise<MediaEntry[]> {
    const entries: MediaEntry[] = []
    // One at a time: a dozen phone photos decoded at once would hold hundreds of MB.
    for (const file of files) {
      const entry = await this.one(file)
      if (entry !== undefined) entries.push(entry)
    }
    await this.#prune(new Set(entries.map(({ id }) => `${id}.webp`)))
    return entries
  }

  /**
   * One picture with its preview, as `list` gives it (`getMediaPreview`: the picture just saved,
   * without the whole library); undefined when it is gone. Prunes nothing: it sees one picture.
   */
  async one(file: string): Promise<MediaEntry | undefined> {
    const bytes = await this.#options.read(file)
    if (bytes === null) return undefined
    const id = sha256(bytes)
    const content = file.toLowerCase().endsWith('.svg') ? bytes : await this.#preview(id, bytes)
    return {
      id,
      content: content.toString('base64'),
      encoding: 'base64',
      path: file,
      name: path.posix.basename(file),
    }
  }

  async #preview(id: string, bytes: Buffer): Promise<Buffer> {
    const dir = await this.#cacheDir()
    const cached = dir === undefined ? undefined : path.join(dir, `${id}.webp`)
    if (cached !== undefined) {
      const kept = await readFile(cached).catch(() => undefined)
      if (kept !== undefined) return kept
    }
    let preview: Buffer
    try {
      preview = await previewOf(bytes)
    } catch (error) {
      // Publishing refuses such a file: the library shows it as it is, the owner replaces it.
      this.#options.warn('a picture has no preview', { err: String(error) })
      return bytes
    }
    if (cached !== undefined) {
      // Whole or not at all: another request may read it meanwhile.
      const next = `${cached}.${randomBytes(6).toString('hex')}.tmp`
      await writeFile(next, preview, { mode: 0o600 })
      await rename(next, cached)
    }
    return preview
  }

  /**
   * The folder is made private to the gateway; one that is a link, or another user's (a shared
   * /tmp outside systemd), is not used: the previews are then made on each request.
   */
  #cacheDir(): Promise<string | undefined> {
    this.#folder ??= (async () => {
      const { cacheDir: dir, warn } = this.#options
      if (dir === undefined) return undefined
      await mkdir(dir, { recursive: true, mode: 0o700 })
      const stats = await lstat(dir)
      if (stats.isDirectory() && stats.uid === process.getuid?.()) return dir
      warn('the preview folder is not the gateway’s own: previews are not kept', { dir })
      return undefined
    })().catch((error: unknown) => {
      this.#options.warn('the preview folder cannot be made: previews are not kept', {
        err: String(error),
      })
      return undefined
    })
    return this.#folder
  }

  /** Removes the previews of pictures no longer in the folder, so the cache does not grow. */
  async #prune(kept: ReadonlySet<string>): Promise<void> {
    const dir = await this.#cacheDir()
    if (dir === undefined) return
    const names = await readdir(dir).catch(() => [])
    await Promise.all(
      names
        .filter((name) => PREVIEW_FILE.test(name) && !kept.has(name))
        .map((name) => rm(path.join(dir, name), { force: true })),
    )
  }
}
