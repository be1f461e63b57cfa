import { env } from '#app/config/env.ts'

/**
 * «Моя запись на пробное»: her trial's page on the lead service, when the lead she sent booked one
 * (docs/decisions/0103-a-trial-she-holds.md). A plain link: the page works without JavaScript.
 */
export function TrialPageLink({ trialPage }: { trialPage: string | undefined }) {
  if (trialPage === undefined) return null
  return (
    <a
      href={`${env.leadApiUrl}/${trialPage}`}
      className="inline-flex min-h-11 items-center rounded-xl bg-brand-600 px-6 py-3 font-bold text-white hover:bg-brand-700"
    >
      Моя запись на пробное
    </a>
  )
}
