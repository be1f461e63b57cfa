// Parents' reviews (docs/decisions/0076-answers-reviews-way-licence.md): one file each in
// content/reviews/, copied by the owner from where the parent published it (with the link) or
// given with the parent's written consent. No stars and no score: those belong to the public
// source and change there.
import {
  checkReviews,
  ContentError,
  type ReviewFile,
  type ReviewSource,
} from '@it-lab/shared/content'
import { paragraphsOf } from './faq.ts'
import { russianDate } from './russian-date.ts'

export type Review = {
  /** The file's name without .json. */
  id: string
  paragraphs: string[]
  author: string
  /** '12 марта 2026', when the owner gave the day. */
  dateText?: string
  source: ReviewSource
  /** The review on its public service; none for one given with written consent. */
  link?: string
  sample: boolean
}

/** The link to a review, by where it was published. */
export const REVIEW_LINK_LABELS: Record<Exclude<ReviewSource, 'written'>, string> = {
  yandex: 'Отзыв на Яндекс Картах',
  '2gis': 'Отзыв в 2ГИС',
  vk: 'Отзыв во ВКонтакте',
}

/** The reviews as the page lists them: newest first, undated last, ties by file name. */
export function reviewEntries(files: readonly { file: string; value: ReviewFile }[]): Review[] {
  return [...files]
    .sort(
      (a, b) =>
        (b.value.date || '0').localeCompare(a.value.date || '0') ||
        a.file.localeCompare(b.file, 'en'),
    )
    .map(({ file, value }) => ({
      id: file.replace(/^.*\//, '').replace(/\.json$/, ''),
      paragraphs: paragraphsOf(value.text),
      author: value.author,
      ...(value.date ? { dateText: russianDate(value.date) } : {}),
      source: value.source,
      ...(value.link ? { link: value.link } : {}),
      sample: value.sample,
    }))
}

/** The reviews of content/reviews/; throws a ContentError naming each problem. */
export function readReviews(): Review[] {
  const { reviews, problems } = checkReviews()
  if (problems.length > 0) throw new ContentError(problems)
  return reviewEntries(reviews)
}

export const reviews: readonly Review[] =
  typeof __REVIEWS__ === 'undefined' ? readReviews() : __REVIEWS__
