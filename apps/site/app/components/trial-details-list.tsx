import { Backpack, Clock, PhoneCall, Users, type LucideIcon } from 'lucide-react'
import { SampleBadge } from '#app/components/sample-badge.tsx'
import {
  TRIAL_DETAILS,
  TRIAL_DETAILS_HEADING,
  trialDetailLines,
  type TrialDetailKind,
  type TrialDetails,
} from '#app/content/trial-details.ts'

const ICONS: Record<TrialDetailKind, LucideIcon> = {
  minutes: Clock,
  parent: Users,
  bring: Backpack,
  callBack: PhoneCall,
}

type TrialDetailsListProps = {
  details?: TrialDetails
  /** Whether to say when the school calls back: not once it has been said in a thank-you. */
  callBack?: boolean
  className?: string
}

/**
 * «Как пройдёт пробный урок»: the trial's length, who stays, what to bring and when the school
 * calls back, as the owner wrote them (docs/decisions/0089-every-promise-is-content.md); nothing
 * when none is filled. The trial popup, the contact block and the thank-you page and dialog show it.
 */
export function TrialDetailsList({
  details = TRIAL_DETAILS,
  callBack = true,
  className = '',
}: TrialDetailsListProps) {
  const lines = trialDetailLines(details, { callBack })
  if (lines.length === 0) return null
  return (
    <div className={`rounded-2xl bg-brand-50 p-4 text-left ${className}`}>
      <p className="font-extrabold text-brand-900">
        {TRIAL_DETAILS_HEADING}
        <SampleBadge sample={details.sample} />
      </p>
      <ul className="mt-2 flex flex-col gap-2 text-slate-700">
        {lines.map(({ kind, text }) => {
          const Icon = ICONS[kind]
          return (
            <li key={kind} className="flex items-start gap-2">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
              <span>{text}</span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
