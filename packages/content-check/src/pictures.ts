import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs'
import path from 'node:path'
import {
  contentFileName,
  EXTENSION_IMAGE_TYPE,
  IMAGE_MAX_BYTES,
  IMAGE_RATIO_TOLERANCE,
  PICTURE_KINDS,
  pictureProportion,
  SVG_MAX_BYTES,
  UPLOADS_PATH,
  sniffImageType,
  type ContentProblem,
  type PictureKind,
} from '@it-lab/shared/content'
import { pictureHeader } from './picture-header.ts'

// The content's pictures as the check sees them (docs/decisions/0074-teachers-and-school-photos.md):
// the uploads folder holds pictures only, and each picture a page names is there, light enough,
// large enough and in its kind's proportion.

const KIB = 1024
const MIB = 1024 * KIB

/** A weight as the owner reads it: «740 КБ», «12,5 МБ». */
function weight(bytes: number): string {
  return bytes < MIB
    ? `${Math.ceil(bytes / KIB)} КБ`
    : `${(Math.ceil((bytes / MIB) * 10) / 10).toLocaleString('ru-RU')} МБ`
}

/** The first bytes of a file: all a picture's type is told by (a photo may weigh 15 MB). */
function fileHead(file: string, bytes = 4096): Uint8Array {
  const head = new Uint8Array(bytes)
  const descriptor = openSync(file, 'r')
  try {
    return head.subarray(0, readSync(descriptor, head, 0, bytes, 0))
  } finally {
    closeSync(descriptor)
  }
}

/** The picture types the uploads folder may hold, as the owner knows them. */
const IMAGE_KINDS = 'PNG, JPEG, WebP, AVIF или SVG'

/**
 * Every file of content/uploads/ that is not a picture, by its bytes: the folder is published, so
 * a .pdf or .docx put there (or a document renamed .png) is refused by name.
 */
export function uploadsProblems(dir: string): ContentProblem[] {
  const uploads = path.join(dir, 'uploads')
  if (!existsSync(uploads)) return []
  const problems: ContentProblem[] = []
  for (const entry of readdirSync(uploads, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const named = EXTENSION_IMAGE_TYPE[path.extname(entry.name).slice(1).toLowerCase()]
    const found = sniffImageType(fileHead(file))
    if (named !== undefined && found === named) continue
    problems.push({
      file: contentFileName(file, dir),
      field: '',
      rule:
        named === undefined || found === undefined
          ? `это не картинка: в папке загрузок могут быть только картинки ${IMAGE_KINDS}; удалите этот файл`
          : `внутри не то, что написано в имени файла (это ${found.toUpperCase()}, а не ${named.toUpperCase()}): загрузите картинку заново`,
    })
  }
  return problems
}

/** Where a picture is named: its file and field, for a problem. */
export type PictureAt = { file: string; field: string; label: string | undefined }

/** The largest cut of `kind`'s proportion a `width`×`height` picture holds. */
export function pictureCut(kind: PictureKind, width: number, height: number) {
  const { aspect } = PICTURE_KINDS[kind]
  const cutWidth = Math.min(width, Math.floor((height * aspect.width) / aspect.height))
  return { width: cutWidth, height: Math.floor((cutWidth * aspect.height) / aspect.width) }
}

/**
 * The problems of one uploaded picture of a kind (docs/decisions/0074-teachers-and-school-photos.md):
 * missing, too heavy, an SVG where a photo is needed, too small, or (a course's) not in its
 * proportion. A teacher's or the school's photo of another proportion is cut at build instead.
 */
export async function pictureProblems(
  kind: PictureKind,
  image: string,
  where: PictureAt,
  dir: string,
): Promise<ContentProblem[]> {
  const rules = PICTURE_KINDS[kind]
  const at = { ...where, received: image }
  const picture = path.join(dir, 'uploads', image.slice(UPLOADS_PATH.length))
  if (!existsSync(picture)) {
    return [{ ...at, rule: 'такого файла нет в content/uploads: загрузите картинку заново' }]
  }
  const bytes = statSync(picture).size
  // An SVG is served as it is; a photo is resized at build, so only its upload is limited.
  const svg = picture.toLowerCase().endsWith('.svg')
  if (svg && !rules.svg) {
    return [{ ...at, rule: 'здесь нужна фотография JPG, PNG, WebP или AVIF, а не рисунок SVG' }]
  }
  const limit = svg ? SVG_MAX_BYTES : IMAGE_MAX_BYTES
  if (bytes > limit) {
    return [{ ...at, rule: `картинка весит ${weight(bytes)}, можно не больше ${weight(limit)}` }]
  }
  if (svg) return []
  const header = await pictureHeader(picture).catch(() => undefined)
  if (!header) return [{ ...at, rule: 'файл не открывается как картинка: загрузите её заново' }]
  if (header.tooLarge) return [{ ...at, rule: `картинка слишком большая: ${header.tooLarge}` }]
  const { width, height } = header
  const { minSize, aspect } = rules
  const size = `${width}×${height}`
  const proportion = pictureProportion(kind)
  if (rules.cut) {
    const cut = pictureCut(kind, width, height)
    if (cut.width >= minSize.width) return []
    return [
      {
        ...at,
        rule: `фото ${size} слишком маленькое: на сайте оно в пропорции ${proportion}, и из него выходит только ${cut.width}×${cut.height}, а нужно не меньше ${minSize.width}×${minSize.height}`,
      },
    ]
  }
  if (width < minSize.width || height < minSize.height) {
    return [{ ...at, rule: `картинка ${size}, нужна не меньше ${minSize.width}×${minSize.height}` }]
  }
  if (Math.abs((width * aspect.height) / (height * aspect.width) - 1) > IMAGE_RATIO_TOLERANCE) {
    return [
      {
        ...at,
        rule: `картинка ${size}: нужна пропорция ${proportion}, например ${minSize.width * 2}×${minSize.height * 2} (обрежьте её)`,
      },
    ]
  }
  return []
}
