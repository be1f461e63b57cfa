import { CircleCheck } from 'lucide-react'
import { useId, useState } from 'react'
import { ModalDialog } from '#app/components/modal-dialog.tsx'
import { LeadFormView } from '#app/components/lead-form/lead-form-view.tsx'
import { TrialPageLink } from '#app/components/lead-form/trial-page-link.tsx'
import { useLeadForm } from '#app/components/lead-form/use-lead-form.ts'
import { TrialDetailsList } from '#app/components/trial-details-list.tsx'
import { thanksText } from '#app/content/trial-details.ts'

/**
 * The contact block's form: a thank-you modal follows a lead the service accepted, with when the
 * school calls back and the trial's details (docs/decisions/0089-every-promise-is-content.md).
 */
export function ContactForm() {
  const [thanksOpen, setThanksOpen] = useState(false)
  const form = useLeadForm('feedback', () => setThanksOpen(true))
  const thanksId = useId()

  return (
    <>
      <LeadFormView state={form} label="Заявка на обучение" submitLabel="Оставить заявку" />
      <ModalDialog
        open={thanksOpen}
        onClose={() => setThanksOpen(false)}
        labelledBy={thanksId}
        className="max-w-md"
      >
        <div className="flex flex-col items-center gap-4 p-8 text-center">
          <CircleCheck aria-hidden="true" className="size-14 text-green-600" />
          <p id={thanksId} className="text-xl font-extrabold text-brand-900">
            {thanksText()}
          </p>
          <TrialDetailsList callBack={false} />
          <TrialPageLink trialPage={form.trialPage} />
          <button
            type="button"
            onClick={() => setThanksOpen(false)}
            className="rounded-xl bg-brand-600 px-8 py-3 font-bold text-white hover:bg-brand-700"
          >
            Закрыть
          </button>
        </div>
      </ModalDialog>
    </>
  )
}
