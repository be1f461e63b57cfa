import {
  OTHER_TIME,
  TRIAL_CHOICE_PARAM,
  formatPhoneInput,
  splitTrialChoice,
  SUBMIT_ERROR,
  validateLead,
  type LeadFieldErrors,
  type LeadForm,
} from '@it-lab/shared'
import { useCallback, useState, type FormEvent } from 'react'
import { reachGoal } from '#app/lib/analytics.ts'
import { reportError } from '#app/lib/error-reporting.ts'
import { leadContext, rememberedQuizPromo } from './lead-context'
import { LeadSendError, sendLead } from './send-lead'

export type LeadFormStatus = 'idle' | 'submitting' | 'success'

/**
 * `trial`: the chosen group and lesson as its radio names them (trialChoiceValue), or «другое
 * время» (the default: no group suits yet).
 * `childAge`: the child's age as the trial form's list gives it ('9'), or '' when not given.
 */
type Values = { name: string; phone: string; honeypot: string; trial: string; childAge: string }
const EMPTY: Values = { name: '', phone: '', honeypot: '', trial: OTHER_TIME, childAge: '' }

/** State and rules of one lead form; `onSuccess` runs after the lead is accepted. */
export function useLeadForm(form: LeadForm, onSuccess: () => void) {
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<LeadFieldErrors>({})
  const [submitError, setSubmitError] = useState<string | null>(null)
  const [status, setStatus] = useState<LeadFormStatus>('idle')
  /** Her trial's page, relative to the lead service, once a sent lead booked one. */
  const [trialPage, setTrialPage] = useState<string>()

  /** Takes over what a parent typed before the form's island hydrated (lead-form-view.tsx). */
  const adoptTypedValues = useCallback((typed: Values) => {
    const { name, phone, honeypot, trial, childAge } = typed
    if (name === '' && phone === '' && honeypot === '' && trial === OTHER_TIME && childAge === '')
      return
    // Typed without the mask: its digits go through the mask as if typed now.
    const digits = phone.startsWith('+7') ? phone : phone.replace(/\D/g, '')
    setValues({ ...typed, phone: formatPhoneInput(digits, '') })
  }, [])

  const setName = (name: string) => {
    setValues((current) => ({ ...current, name }))
    setErrors((current) => ({ ...current, name: undefined }))
  }

  const setPhone = (raw: string) => {
    setValues((current) => ({ ...current, phone: formatPhoneInput(raw, current.phone) }))
    setErrors((current) => ({ ...current, phone: undefined }))
  }

  const setHoneypot = (honeypot: string) => setValues((current) => ({ ...current, honeypot }))

  const setTrial = (trial: string) => setValues((current) => ({ ...current, trial }))

  const setChildAge = (childAge: string) => setValues((current) => ({ ...current, childAge }))

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (status === 'submitting') return
    setSubmitError(null)
    // Only a form that offers the course's groups sends one (with the lesson, when the parent
    // picked one), and only a trial form asks the child's age (lead-form-view.tsx). The quiz's
    // promo code goes with any lead in its term.
    const { elements } = event.currentTarget
    const offersGroups = elements.namedItem(TRIAL_CHOICE_PARAM) !== null
    const asksAge = elements.namedItem('childAge') !== null
    const validation = validateLead({
      name: values.name,
      phone: values.phone,
      ...(offersGroups ? splitTrialChoice(values.trial) : {}),
      ...(asksAge ? { childAge: values.childAge } : {}),
      ...rememberedQuizPromo(),
    })
    if (!validation.success) {
      setErrors(validation.fields)
      return
    }
    setErrors({})
    setStatus('submitting')
    try {
      const sent = await sendLead(validation.data, {
        form,
        honeypot: values.honeypot,
        context: leadContext(window.location.pathname),
      })
      setTrialPage(sent.trialPage)
    } catch (error) {
      reportError(error, {
        form,
        extra:
          error instanceof LeadSendError
            ? { status: error.status, body: error.body }
            : { network: true, message: error instanceof Error ? error.message : String(error) },
      })
      // The values stay in the form, so nothing the parent typed is lost.
      setSubmitError(SUBMIT_ERROR)
      setStatus('idle')
      return
    }
    reachGoal('sendForm')
    setValues(EMPTY)
    setStatus('success')
    onSuccess()
  }

  return {
    form,
    adoptTypedValues,
    values,
    errors,
    submitError,
    status,
    trialPage,
    setName,
    setPhone,
    setHoneypot,
    setTrial,
    setChildAge,
    submit,
  }
}

export type LeadFormState = ReturnType<typeof useLeadForm>
