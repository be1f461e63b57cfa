import { describe, expect, it } from 'vitest'
import { OTHER_TIME } from './groups.ts'
import { splitTrialChoice, trialChoiceValue } from './trial-choice.ts'

describe('the lead form’s trial choice', () => {
  it('names a group and its lesson in one value, and splits it back', () => {
    const value = trialChoiceValue('python-saturday', '2026-12-05T10:00')
    expect(value).toBe('python-saturday 2026-12-05T10:00')
    expect(splitTrialChoice(value)).toEqual({
      group: 'python-saturday',
      trialAt: '2026-12-05T10:00',
    })
  })

  it('a group alone and «другое время» are the group, with no lesson', () => {
    expect(trialChoiceValue('python-saturday')).toBe('python-saturday')
    expect(splitTrialChoice('python-saturday')).toEqual({ group: 'python-saturday' })
    expect(splitTrialChoice(OTHER_TIME)).toEqual({ group: OTHER_TIME })
  })

  it('a group whose id has a space keeps it: the lesson is the last part', () => {
    expect(splitTrialChoice('суббота утро 2026-12-05T10:00')).toEqual({
      group: 'суббота утро',
      trialAt: '2026-12-05T10:00',
    })
  })

  it('a tail that is no lesson stays in the group, never a reason to refuse the lead', () => {
    expect(splitTrialChoice('python-saturday 2026-02-30T10:00')).toEqual({
      group: 'python-saturday 2026-02-30T10:00',
    })
    expect(splitTrialChoice('python-saturday завтра')).toEqual({
      group: 'python-saturday завтра',
    })
    // A lesson without a group is not a choice of a group.
    expect(splitTrialChoice(' 2026-12-05T10:00')).toEqual({ group: ' 2026-12-05T10:00' })
    expect(splitTrialChoice('')).toEqual({ group: '' })
  })
})
