import {
  CHILD_AGE,
  HONEYPOT_PARAM,
  NAME_MAX_LENGTH,
  OTHER_TIME,
  TRIAL_CHOICE_PARAM,
} from '@it-lab/shared'
import { schoolDay } from '@it-lab/shared/trial-dates'
import { useCallback, useId } from 'react'
import { env } from '#app/config/env.ts'
import { paths } from '#app/config/paths.ts'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { usePagePath } from '#app/components/page-path.tsx'
import { courseGroups } from '#app/content/groups.ts'
import { TRIAL_DATE_SETTINGS } from '#app/content/trial-dates.ts'
import { pluralRu, type RussianPluralForms } from '#app/content/plural.ts'
import { pageContext, rememberedQuizSuggestion } from './lead-context'
import { TrialChoice } from './trial-choice'
import type { LeadFormState } from './use-lead-form'

type LeadFormViewProps = {
  state: LeadFormState
  submitLabel: string
  /** Accessible name of the form. */
  label: string
}

const inputClass =
  'w-full rounded-xl border-2 border-slate-300 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 transition-colors focus:border-brand-600 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:border-red-700'

const noteLinkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:no-underline'

const YEAR_FORMS: RussianPluralForms = ['год', 'года', 'лет']

/** The ages a trial form offers: the school's, 5 to 17, as «5 лет» … «17 лет». */
const CHILD_AGES = Array.from(
  { length: CHILD_AGE.max - CHILD_AGE.min + 1 },
  (_, index) => CHILD_AGE.min + index,
)

function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  return (
    <p id={id} className="min-h-5 text-sm font-semibold text-red-700" aria-live="polite">
      {message}
    </p>
  )
}

/**
 * The name and phone form shared by the contact block and the trial popup. A real form posted to
 * the lead service, which answers with the thank-you page, so it works before and without
 * JavaScript; once hydrated, it checks the fields itself and sends them with `fetch`
 * (docs/behaviour.md, "Lead forms").
 */
export function LeadFormView({ state, submitLabel, label }: LeadFormViewProps) {
  const id = useId()
  const hydrated = useHydrated()
  const { values, errors, submitError, status, adoptTypedValues } = state
  const submitting = status === 'submitting'
  const phoneMessage = errors.phone ?? submitError
  const { course, page } = pageContext(usePagePath())
  const quiz = hydrated ? rememberedQuizSuggestion() : undefined
  // On a course page with groups, the parent may pick one (docs/decisions/0075) and its lesson
  // (0103): counted from the build's day in the page's HTML and while it hydrates, then from the
  // browser's, so a page built days ago offers no day already past.
  const groups = course === undefined ? [] : courseGroups(course)
  const today = hydrated ? schoolDay(new Date()) : TRIAL_DATE_SETTINGS.builtOn
  // A trial form (the popup, and the course page's form) asks the child's age, never a name
  // (docs/decisions/0088-what-parents-check.md).
  const asksAge = state.form === 'trial_lesson_popup' || course !== undefined
  // Hydration leaves what a parent typed before the page was ready in the fields, not in the
  // form's state: hand it over once, so the form sends what the parent sees.
  const onFormMounted = useCallback(
    (element: HTMLFormElement | null) => {
      if (!element) return
      const typed = (field: string) => {
        const input = element.elements.namedItem(field)
        return input instanceof HTMLInputElement ? input.value : ''
      }
      const trial = element.elements.namedItem(TRIAL_CHOICE_PARAM)
      const childAge = element.elements.namedItem('childAge')
      adoptTypedValues({
        name: typed('name'),
        phone: typed('phone'),
        honeypot: typed(HONEYPOT_PARAM),
        trial: trial instanceof RadioNodeList && trial.value !== '' ? trial.value : OTHER_TIME,
        childAge: childAge instanceof HTMLSelectElement ? childAge.value : '',
      })
    },
    [adoptTypedValues],
  )

  return (
    <form
      ref={onFormMounted}
      method="post"
      action={`${env.leadApiUrl}/send`}
      // Before JavaScript the browser checks the required fields; then the form's own messages do.
      noValidate={hydrated}
      aria-label={label}
      className="relative"
      onSubmit={(event) => void state.submit(event)}
    >
      <input type="hidden" name="form" value={state.form} />
      <input type="hidden" name="consent" value={env.consentVersion} />
      <input type="hidden" name="course" value={course ?? ''} />
      <input type="hidden" name="page" value={page ?? ''} />
      <input type="hidden" name="quiz" value={quiz ?? ''} />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-name`} className="font-bold text-slate-800">
          Имя
        </label>
        <input
          id={`${id}-name`}
          name="name"
          type="text"
          autoComplete="name"
          placeholder="Как к вам обращаться"
          maxLength={NAME_MAX_LENGTH}
          required
          value={values.name}
          disabled={submitting}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={`${id}-name-error`}
          onChange={(event) => state.setName(event.target.value)}
          className={inputClass}
        />
        <FieldError id={`${id}-name-error`} message={errors.name} />
      </div>

      <div className="mt-2 flex flex-col gap-1">
        <label htmlFor={`${id}-phone`} className="font-bold text-slate-800">
          Телефон
        </label>
        <input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+7 (___) ___-__-__"
          required
          value={values.phone}
          disabled={submitting}
          aria-invalid={phoneMessage ? true : undefined}
          aria-describedby={`${id}-phone-error`}
          onChange={(event) => state.setPhone(event.target.value)}
          className={inputClass}
        />
        <FieldError id={`${id}-phone-error`} message={phoneMessage} />
      </div>

      {asksAge && (
        <div className="mb-2 flex flex-col gap-1">
          <label htmlFor={`${id}-child-age`} className="font-bold text-slate-800">
            Возраст ребёнка <span className="font-normal text-slate-600">(необязательно)</span>
          </label>
          <select
            id={`${id}-child-age`}
            name="childAge"
            value={values.childAge}
            disabled={submitting}
            onChange={(event) => state.setChildAge(event.target.value)}
            className={inputClass}
          >
            <option value="">Не указан</option>
            {CHILD_AGES.map((age) => (
              <option key={age} value={String(age)}>
                {age} {pluralRu(age, YEAR_FORMS)}
              </option>
            ))}
          </select>
        </div>
      )}

      {groups.length > 0 && (
        <TrialChoice
          groups={groups}
          today={today}
          settings={TRIAL_DATE_SETTINGS}
          value={values.trial}
          disabled={submitting}
          onChange={state.setTrial}
        />
      )}

      {/* Honeypot: off-screen, out of the tab order and hidden from screen readers; only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Сайт</label>
        <input
          id={`${id}-website`}
          name={HONEYPOT_PARAM}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.honeypot}
          onChange={(event) => state.setHoneypot(event.target.value)}
        />
      </div>

      <button
        type="submit"
        disabled={submitting}
        className="mt-3 w-full rounded-xl bg-accent-500 px-6 py-3.5 text-lg font-extrabold text-slate-900 shadow-sm transition-colors hover:bg-accent-400 disabled:cursor-wait disabled:opacity-70"
      >
        {submitting ? 'Отправка...' : submitLabel}
      </button>

      <p className="mt-3 text-sm text-slate-600">
        Нажимая кнопку, вы даёте{' '}
        <a href={paths.consent} target="_blank" rel="noopener" className={noteLinkClass}>
          согласие на обработку персональных данных
        </a>{' '}
        в соответствии с{' '}
        <a href={paths.personalDataPolicy} target="_blank" rel="noopener" className={noteLinkClass}>
          Политикой обработки персональных данных
        </a>
        .
      </p>
    </form>
  )
}
