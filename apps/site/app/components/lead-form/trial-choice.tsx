import { OTHER_TIME, TRIAL_CHOICE_PARAM, trialChoiceValue } from '@it-lab/shared'
import { trialAtText } from '@it-lab/shared/trial-dates'
import { useEffect } from 'react'
import { groupChoiceDetails, groupTimeText, type GroupEntry } from '#app/content/groups.ts'
import { groupTrialDates, type TrialDateSettings } from '#app/content/trial-dates.ts'

type TrialChoiceProps = {
  groups: readonly GroupEntry[]
  /** The school's day the dates count from, and how many the owner offers, skipping which days. */
  today: string
  settings: TrialDateSettings
  /** The checked radio's value (trialChoiceValue), «другое время» until the parent picks. */
  value: string
  disabled: boolean
  onChange: (value: string) => void
}

/** «другое время»: the school finds a time on the call. */
export const OTHER_TIME_TEXT = 'Другое время — подберём при звонке'

/** A group with no lesson within the horizon (it starts later): the day is agreed on the call. */
export const GROUP_DAY_BY_CALL = 'День подберём при звонке'

function Choice({
  value,
  text,
  checked,
  disabled,
  onChange,
}: {
  value: string
  text: string
  checked: boolean
  disabled: boolean
  onChange: (value: string) => void
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-slate-800 has-checked:bg-brand-50 has-checked:font-semibold">
      <input
        type="radio"
        name={TRIAL_CHOICE_PARAM}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChange(value)}
        className="size-5 shrink-0 accent-brand-600"
      />
      {text}
    </label>
  )
}

/**
 * A course page's groups with their next lessons, one radio each, for a parent choosing on her
 * phone: the group's days and time, ages and seats over its dates («сб 5 декабря, 10:00»), then
 * «другое время», checked until she picks, so the form always says something. One radio names the
 * group and the lesson, so a plain form post carries both (docs/decisions/0103-a-trial-she-holds.md,
 * "The dated form"). A full group lists its dates too: its lead waits for a seat.
 */
export function TrialChoice({
  groups,
  today,
  settings,
  value,
  disabled,
  onChange,
}: TrialChoiceProps) {
  const choices = groups.map((group) => {
    const dates = groupTrialDates(group, today, settings)
    return dates.length > 0
      ? dates.map((at) => ({ value: trialChoiceValue(group.id, at), text: trialAtText(at) }))
      : [{ value: trialChoiceValue(group.id), text: GROUP_DAY_BY_CALL }]
  })
  // A lesson checked in the page's HTML that the island, counting from a later day, no longer
  // offers: back to «другое время», so what is sent is what she sees checked.
  const offered = choices.flat().some((offer) => offer.value === value)
  useEffect(() => {
    if (!offered && value !== OTHER_TIME) onChange(OTHER_TIME)
  }, [offered, value, onChange])
  const choice = (choiceValue: string, text: string) => (
    <Choice
      key={choiceValue}
      value={choiceValue}
      text={text}
      checked={value === choiceValue}
      disabled={disabled}
      onChange={onChange}
    />
  )
  return (
    <fieldset className="mt-2 mb-2">
      <legend className="font-bold text-slate-800">Удобная группа и день</legend>
      <div className="mt-1 flex flex-col gap-2">
        {groups.map((group, index) => (
          <fieldset key={group.id} className="rounded-xl border-2 border-slate-200 px-2 pb-1">
            {/* Floated: the legend's two lines sit inside the box, not across its border. */}
            <legend className="float-left w-full px-1 pt-2 pb-1 text-slate-800">
              <span className="font-semibold">{groupTimeText(group)}</span>{' '}
              <span className="block text-sm text-slate-600">{groupChoiceDetails(group)}</span>
            </legend>
            <div className="clear-left">
              {choices[index]?.map((offer) => choice(offer.value, offer.text))}
            </div>
          </fieldset>
        ))}
        {choice(OTHER_TIME, OTHER_TIME_TEXT)}
      </div>
    </fieldset>
  )
}
