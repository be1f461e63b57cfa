import { ExternalLink } from 'lucide-react'
import { SampleBadge } from '#app/components/sample-badge.tsx'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { anchors } from '#app/config/paths.ts'
import { REVIEW_LINK_LABELS, reviews as allReviews, type Review } from '#app/content/reviews.ts'

/** Where the review can be read in the original, or the parent's written consent. */
function ReviewSource({ review }: { review: Review }) {
  if (review.source === 'written' || !review.link) {
    return <p className="text-sm text-slate-500">Родитель согласился на публикацию письменно</p>
  }
  return (
    <a
      href={review.link}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center gap-1.5 font-bold text-brand-700 underline-offset-4 hover:underline"
    >
      {REVIEW_LINK_LABELS[review.source]}
      <ExternalLink aria-hidden="true" className="size-4" />
    </a>
  )
}

/**
 * «Отзывы родителей» on the home page: each review as its parent wrote it, who wrote it and where
 * it was published; no stars, no score (docs/decisions/0076-answers-reviews-way-licence.md).
 * Absent when the school has none.
 */
export function ReviewsSection({ reviews = allReviews }: { reviews?: readonly Review[] }) {
  if (reviews.length === 0) return null
  // The same list markup as school-photos-section.tsx, on purpose: a section reads whole on its own.
  return (
    <section
      id={anchors.reviews}
      aria-labelledby="reviews-heading"
      className="bg-brand-50 py-16 sm:py-20"
    >
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="reviews-heading" title="Отзывы родителей" />
        <ul role="list" className="mt-8 grid list-none grid-cols-1 gap-5 md:grid-cols-2">
          {reviews.map((review) => (
            <li key={review.id}>
              <figure className="flex h-full flex-col gap-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <blockquote className="flex flex-col gap-3 text-slate-700">
                  {review.paragraphs.map((paragraph, index) => (
                    <p key={index}>{paragraph}</p>
                  ))}
                </blockquote>
                <figcaption className="mt-auto flex flex-col gap-1">
                  <p className="font-extrabold text-brand-900">
                    {review.author}
                    <SampleBadge sample={review.sample} />
                  </p>
                  {review.dateText && <p className="text-sm text-slate-500">{review.dateText}</p>}
                  <ReviewSource review={review} />
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
