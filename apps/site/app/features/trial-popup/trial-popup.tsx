import { X } from 'lucide-react'
import { useCallback, useEffect, useId, useState } from 'react'
import { ModalDialog } from '#app/components/modal-dialog.tsx'
import { LeadFormView } from '#app/components/lead-form/lead-form-view.tsx'
import { TrialPageLink } from '#app/components/lead-form/trial-page-link.tsx'
import { useLeadForm } from '#app/components/lead-form/use-lead-form.ts'
import { TrialDetailsList } from '#app/components/trial-details-list.tsx'
import { TRIAL_DETAILS, thanksText } from '#app/content/trial-details.ts'
import { rememberDismissal, TRIAL_POPUP_SUCCESS_CLOSE_MS } from './dismissal'
import picture from './trial-lesson-picture.svg'

/**
 * The trial-lesson popup, mounted open when it is due (islands/trial-popup.ts): so its form, errors
 * and states start fresh each time it opens. Closing it, whatever the way, remembers the time.
 */
export default function TrialPopup() {
  const [open, setOpen] = useState(true)
  const [sent, setSent] = useState(false)
  const form = useLeadForm('trial_lesson_popup', () => setSent(true))
  const headingId = useId()

  const close = useCallback(() => {
    rememberDismissal(Date.now())
    setOpen(false)
  }, [])

  // A thank-you with her trial's link stays until she closes it: the link must not vanish.
  const trialPage = form.trialPage
  useEffect(() => {
    if (!open || !sent || trialPage !== undefined) return
    const timer = window.setTimeout(close, TRIAL_POPUP_SUCCESS_CLOSE_MS)
    return () => window.clearTimeout(timer)
  }, [open, sent, trialPage, close])

  return (
    <ModalDialog open={open} onClose={close} labelledBy={headingId} className="max-w-3xl">
      <div className="relative grid md:grid-cols-[2fr_3fr]">
        <div className="hidden md:block">
          <img
            src={picture}
            width={320}
            height={400}
            alt=""
            loading="lazy"
            className="h-full w-full object-cover"
          />
        </div>
        <div className="p-6 sm:p-8">
          <button
            type="button"
            onClick={close}
            aria-label="Закрыть"
            className="absolute top-3 right-3 rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" />
          </button>
          {sent ? (
            <div className="flex min-h-64 flex-col justify-center gap-3 pr-6">
              <h2 id={headingId} className="text-2xl font-extrabold text-brand-900">
                {thanksText()}
              </h2>
              <p className="text-slate-700">Договоримся об удобном времени пробного урока.</p>
              <TrialDetailsList callBack={false} />
              <TrialPageLink trialPage={trialPage} />
            </div>
          ) : (
            <>
              <h2 id={headingId} className="pr-8 text-2xl font-extrabold text-brand-900">
                Бесплатный пробный урок
              </h2>
              <p className="mt-2 text-slate-700">
                Приходите с ребёнком: познакомитесь с преподавателем, увидите, как проходят занятия,
                и поймёте, подходит ли формат. Оставьте имя и телефон — мы перезвоним
                {TRIAL_DETAILS.callBack ? ` ${TRIAL_DETAILS.callBack}` : ''}.
              </p>
              <TrialDetailsList callBack={false} className="mt-4" />
              <div className="mt-5">
                <LeadFormView
                  state={form}
                  label="Запись на пробный урок"
                  submitLabel="Записаться на пробный урок"
                />
              </div>
            </>
          )}
        </div>
      </div>
    </ModalDialog>
  )
}
