// The questions (content/faq/) and the parents' reviews (content/reviews/) as functions
// (docs/decisions/0076-answers-reviews-way-licence.md): the build calls them once to check every
// file and list every problem; faq.ts and reviews.ts take the values the build baked in.
import {
  checkFaq,
  checkReviews,
  ContentError,
  type FaqFile,
  type ReviewFile,
  type ReviewSource,
} from '@it-lab/shared/content'
import { russianDate } from './russian-date.ts'

export type FaqEntry = {
  /** The file's name without .json: unique, so a stable key. */
  id: string
  question: string
  /** The answer's paragraphs: the owner separates them by a blank line. */
  paragraphs: string[]
  sample: boolean
}

/** Plain text split into paragraphs at blank lines, each trimmed; empty ones dropped. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
}

/** The questions as the page lists them: by «Порядок», ties by file name. */
export function faqEntries(files: readonly { file: string; value: FaqFile }[]): FaqEntry[] {
  return files
    .map(({ file, value }) => ({
      id: file.replace(/^.*\//, '').replace(/\.json$/, ''),
      order: value.order,
      question: value.question,
      paragraphs: paragraphsOf(value.answer),
      sample: value.sample,
    }))
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id, 'en'))
    .map(({ order: _order, ...entry }) => entry)
}

/** The questions of content/faq/; throws a ContentError naming each problem. */
export function readFaq(): FaqEntry[] {
  const { faq, problems } = checkFaq()
  if (problems.length > 0) throw new ContentError(problems)
  return faqEntries(faq)
}

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
