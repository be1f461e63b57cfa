import { SAMPLE_BADGE } from '@it-lab/shared/catalogue'

/**
 * Marks a shipped example entry on the page (docs/decisions/0073-sample-entries.md): a parent on a
 * demo site is never told it is the school's, and the release build refuses a page showing it.
 */
export function SampleBadge({ sample }: { sample: boolean | undefined }) {
  if (!sample) return null
  return (
    <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900">
      {SAMPLE_BADGE}
    </span>
  )
}
