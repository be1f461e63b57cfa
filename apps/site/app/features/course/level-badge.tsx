import type { CourseLevelTone } from '#app/content/courses.ts'

// Light backgrounds with 800/900 text: every pair passes WCAG AA for small text.
const TONE_CLASSES: Record<CourseLevelTone, string> = {
  beginner: 'bg-emerald-100 text-emerald-900',
  middle: 'bg-brand-100 text-brand-800',
  moderate: 'bg-amber-100 text-amber-900',
  advanced: 'bg-violet-100 text-violet-900',
}

type LevelBadgeProps = { tone: CourseLevelTone; children: string; className?: string }

/** The course level with its age range, e.g. 'Средний · 11–13 лет'. */
export function LevelBadge({ tone, children, className = '' }: LevelBadgeProps) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-bold ${TONE_CLASSES[tone]} ${className}`}
    >
      {children}
    </span>
  )
}
