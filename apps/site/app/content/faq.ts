// The school's frequently asked questions (docs/decisions/0076-answers-reviews-way-licence.md):
// one file each in content/faq/, written by the owner's editor; the home page shows them when
// there is at least one.
import { checkFaq, ContentError, type FaqFile } from '@it-lab/shared/content'

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

export const faq: readonly FaqEntry[] = typeof __FAQ__ === 'undefined' ? readFaq() : __FAQ__
