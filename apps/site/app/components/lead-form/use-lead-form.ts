import {
  OTHER_TIME,
  formatPhoneInput,
  SUBMIT_ERROR,
  validateLead,
  type LeadFieldErrors,
  type LeadForm,
} from '@it-lab/shared'
import { useCallback, useState, type FormEvent } from 'react'
import { reachGoal } from '#app/lib/analytics.ts'
import { reportError } from '#app/lib/error-reporting.ts'
import { leadContext } from './lead-context'
import { LeadSendError, sendLead } from './send-lead'

export type LeadFormStatus = 'idle' | 'submitting' | 'success'

/** `group`: the chosen group's id, or «другое время» (the default: no group suits yet). */
type Values = { name: string; phone: string; honeypot: string; group: string }
const EMPTY: Values = { name: '', phone: '', honeypot: '', group: OTHER_TIME }

/** State and rules of one lead form; `onSuccess` runs after the lead is accepted. */
export function useLeadForm(form: LeadForm, onSuccess: () => void) {
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<LeadFieldErrors>({})
  const [submitError, setSubmitError] = useState<string | null>(null)
  const [status, setStatus] = useState<LeadFormStatus>('idle')

  /** Takes over what a parent typed before the form's island hydrated (lead-form-view.tsx). */
  const adoptTypedValues = useCallback(({ name, phone, honeypot, group }: Values) => {
    if (name === '' && phone === '' && honeypot === '' && group === OTHER_TIME) return
    // Typed without the mask: its digits go through the mask as if typed now.
    const digits = phone.startsWith('+7') ? phone : phone.replace(/\D/g, '')
    setValues({ name, phone: formatPhoneInput(digits, ''), honeypot, group })
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

  const setGroup = (group: string) => setValues((current) => ({ ...current, group }))

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (status === 'submitting') return
    setSubmitError(null)
    // Only a form that offers the course's groups sends one (lead-form-view.tsx).
    const offersGroups = event.currentTarget.elements.namedItem('group') !== null
    const validation = validateLead({
      name: values.name,
      phone: values.phone,
      ...(offersGroups ? { group: values.group } : {}),
    })
    if (!validation.success) {
      setErrors(validation.fields)
      return
    }
    setErrors({})
    setStatus('submitting')
    try {
      await sendLead(validation.data, {
        form,
        honeypot: values.honeypot,
        context: leadContext(window.location.pathname),
      })
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
    setName,
    setPhone,
    setHoneypot,
    setGroup,
    submit,
  }
}

export type LeadFormState = ReturnType<typeof useLeadForm>
