import { SampleBadge } from '#app/components/sample-badge.tsx'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { UploadedImage } from '#app/components/uploaded-image.tsx'
import { SCHOOL_PHOTO_SIZE, schoolPhotoPicture } from '#app/content/school-photo-pictures.ts'
import { schoolPhotos, type SchoolPhoto } from '#app/content/school-photos.ts'

/** A photo's width in the gallery: 3, 2 or 1 columns in a 72 rem container. */
const PHOTO_SIZES =
  '(min-width: 1024px) 357px, (min-width: 640px) calc(50vw - 28px), calc(100vw - 32px)'

/**
 * The school's photos on the home page («Как проходят занятия»): a plain grid, no script; each
 * photo lazy, with its size set, so nothing moves as they load. Absent when there are none.
 */
export function SchoolPhotosSection({
  photos = schoolPhotos,
}: {
  photos?: readonly SchoolPhoto[]
}) {
  if (photos.length === 0) return null
  return (
    <section aria-labelledby="school-photos-heading" className="py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="school-photos-heading" title="Как проходят занятия" />
        <ul role="list" className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((photo) => (
            <li key={photo.id}>
              <figure>
                <UploadedImage
                  picture={schoolPhotoPicture(photo.image)}
                  {...SCHOOL_PHOTO_SIZE}
                  alt={photo.alt}
                  sizes={PHOTO_SIZES}
                  className="rounded-2xl"
                />
                {(photo.caption || photo.sample) && (
                  <figcaption className="mt-2 text-slate-700">
                    {photo.caption}
                    <SampleBadge sample={photo.sample} />
                  </figcaption>
                )}
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
