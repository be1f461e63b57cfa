import { isConsentVersion, type LeadForm } from '@it-lab/shared'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PagePathContext } from '#app/components/page-path.tsx'
import { STORAGE_KEYS } from '#app/config/browser-storage.ts'
import { paths } from '#app/config/paths.ts'
import { courses } from '#app/content/courses.ts'
import { reachGoal } from '#app/lib/analytics.ts'
import { reportError } from '#app/lib/error-reporting.ts'
import { rememberQuizPromo } from './lead-context'
import { LeadFormView } from './lead-form-view'
import { useLeadForm } from './use-lead-form'

vi.mock('#app/lib/analytics.ts', () => ({ reachGoal: vi.fn() }))
vi.mock('#app/lib/error-reporting.ts', () => ({ reportError: vi.fn() }))

/**
 * Made-up groups, whatever the course page (the shipped ones are samples the owner replaces,
 * docs/decisions/0053), and no closed days (hers are her own): Saturdays at 10:00, one full.
 */
vi.mock(import('#app/content/groups.ts'), async (importOriginal) => {
  const { madeUpGroup } = await import('@it-lab/shared/test/made-up-group')
  const saturdays = madeUpGroup({ seats: 2 })
  const full = { ...saturdays, id: 'made-up-full', start: '12:00', end: '13:30', seats: 0 }
  return { ...(await importOriginal()), courseGroups: () => [saturdays, full] }
})
vi.mock(import('#app/content/trial-dates.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  TRIAL_DATE_SETTINGS: { datesShown: 2, closedDays: [], builtOn: '2026-11-20' },
}))

const SUBMIT_ERROR = 'Произошла ошибка при отправке. Пожалуйста, попробуйте позже.'
const onSuccess = vi.fn()

function Harness({ form: tag = 'feedback' }: { form?: LeadForm }) {
  const form = useLeadForm(tag, onSuccess)
  return <LeadFormView state={form} label="Заявка" submitLabel="Оставить заявку" />
}

function renderForm(path = '/', form: LeadForm = 'feedback') {
  render(
    <PagePathContext value={path}>
      <Harness form={form} />
    </PagePathContext>,
  )
  return userEvent.setup()
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Имя'), '  Анна ')
  await user.type(screen.getByLabelText('Телефон'), '9123456789')
  await user.click(screen.getByRole('button', { name: 'Оставить заявку' }))
}

const fetchMock = vi.fn<typeof fetch>()

/** Until the lead was taken: the send first loads the code that reads the visit's source. */
const leadTaken = () => vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1))

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
  onSuccess.mockReset()
  vi.mocked(reachGoal).mockReset()
  vi.mocked(reportError).mockReset()
})

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
  localStorage.clear()
})

describe('a trial form asks the child’s age (docs/decisions/0088)', () => {
  const phone = '+7 (912) 345-67-89'
  const ageField = () => screen.queryByLabelText(/^Возраст ребёнка/)
  const sentBodies = () =>
    fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as unknown)

  it('the popup’s form, on any page: a list from 5 to 17, «Не указан» until chosen, sent as a number', async () => {
    fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }))
    const user = renderForm('/', 'trial_lesson_popup')
    const age = ageField()
    expect(age).toHaveAccessibleName('Возраст ребёнка (необязательно)')
    expect(age).toHaveValue('')
    const options = within(age as HTMLElement).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      'Не указан',
      ...Array.from({ length: 13 }, (_, i) => `${i + 5} лет`),
    ])
    await user.selectOptions(age as HTMLElement, '9 лет')
    await fillAndSubmit(user)
    await leadTaken()
    expect(sentBodies()).toEqual([{ name: 'Анна', phone, childAge: 9 }])
    // Cleared with the rest once the lead is taken.
    expect(ageField()).toHaveValue('')
  })

  it('the course page’s form asks it too; the home page’s contact form does not', () => {
    const id = Math.min(...courses.map((course) => course.id))
    renderForm(paths.course(id))
    expect(ageField()).toBeInTheDocument()
    expect(
      new FormData(screen.getByRole('form', { name: 'Заявка' }) as HTMLFormElement).get('childAge'),
    ).toBe('')
  })

  it('the contact form elsewhere sends none', async () => {
    fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }))
    const user = renderForm('/')
    expect(ageField()).toBeNull()
    await fillAndSubmit(user)
    await leadTaken()
    expect(sentBodies()).toEqual([{ name: 'Анна', phone }])
  })

  it('an age left «Не указан» is not sent', async () => {
    fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }))
    const user = renderForm('/', 'trial_lesson_popup')
    await fillAndSubmit(user)
    await leadTaken()
    expect(sentBodies()).toEqual([{ name: 'Анна', phone }])
  })

  it('to a service that does not know the age yet, the lead goes again without it', async () => {
    fetchMock
      .mockResolvedValueOnce(
        new Response(
          '{"error":"invalid","message":"Unknown fields: childAge","fields":{},"unknownFields":["childAge"]}',
          { status: 400 },
        ),
      )
      .mockResolvedValueOnce(new Response('{"ok":true}', { status: 200 }))
    const user = renderForm('/', 'trial_lesson_popup')
    await user.selectOptions(ageField() as HTMLElement, '12 лет')
    await fillAndSubmit(user)
    await leadTaken()
    expect(sentBodies()).toEqual([
      { name: 'Анна', phone, childAge: 12 },
      { name: 'Анна', phone },
    ])
    expect(reportError).not.toHaveBeenCalled()
  })
})

describe('the quiz’s promo code goes with a lead (docs/decisions/0088)', () => {
  const phone = '+7 (912) 345-67-89'

  it('with the day it was given, from any form, while its term lasts', async () => {
    fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }))
    // Given 10 days before the lead: a month's term still runs.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-22T10:00:00Z') })
    rememberQuizPromo('ТЕСТ-10', 30, Date.parse('2026-03-12T20:30:00Z'))
    const user = renderForm('/')
    await fillAndSubmit(user)
    await leadTaken()
    // 20:30 UTC is past midnight in Astrakhan: the school’s day, the 13th.
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      name: 'Анна',
      phone,
      promoCode: 'ТЕСТ-10',
      promoDate: '2026-03-13',
    })
    vi.useRealTimers()
  })
})

describe('lead form on a course page with groups (docs/decisions/0075, 0103)', () => {
  const coursePage = paths.course(Math.min(...courses.map((course) => course.id)))
  // Friday 27 November 2026, 23:00 in Astrakhan: the next Saturdays are the 28th and 5 December.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-27T19:00:00Z'))
  })
  afterEach(() => vi.useRealTimers())

  it('sends the chosen group and lesson with the lead; «другое время» is chosen until then', async () => {
    fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }))
    const user = renderForm(coursePage)
    const choice = screen.getByRole('group', { name: 'Удобная группа и день' })
    expect(within(choice).getByRole('radio', { name: /^Другое время/ })).toBeChecked()
    // Counted from the browser's day once the form runs, not the build's (20 November).
    const saturdays = within(choice).getByRole('group', { name: /^Сб 10:00–11:30/ })
    expect(within(saturdays).getAllByRole('radio')).toHaveLength(2)
    expect(within(saturdays).getByRole('radio', { name: 'сб 28 ноября, 10:00' })).toBeVisible()
    await user.click(within(saturdays).getByRole('radio', { name: 'сб 5 декабря, 10:00' }))
    await fillAndSubmit(user)
    await leadTaken()
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      name: 'Анна',
      phone: '+7 (912) 345-67-89',
      group: 'made-up-saturday',
      trialAt: '2026-12-05T10:00',
    })
    // Cleared after the lead is taken: back to «другое время».
    expect(within(choice).getByRole('radio', { name: /^Другое время/ })).toBeChecked()
  })

  it('«другое время» sends the group’s old value and no lesson; a full group’s date is sent too', async () => {
    fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }))
    const user = renderForm(coursePage)
    await fillAndSubmit(user)
    await leadTaken()
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      name: 'Анна',
      phone: '+7 (912) 345-67-89',
      group: 'other',
    })
    const full = screen.getByRole('group', { name: /^Сб 12:00–13:30 10–14 лет, лист ожидания$/ })
    await user.click(within(full).getByRole('radio', { name: 'сб 28 ноября, 12:00' }))
    await fillAndSubmit(user)
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(2))
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toMatchObject({
      group: 'made-up-full',
      trialAt: '2026-11-28T12:00',
    })
  })

  it('a service from before dated trials refuses `trialAt`: the lead goes again with the group alone', async () => {
    fetchMock
      .mockResolvedValueOnce(
        new Response(
          '{"error":"invalid","message":"Unknown fields: trialAt","fields":{},"unknownFields":["trialAt"]}',
          { status: 400 },
        ),
      )
      .mockResolvedValueOnce(new Response('{"ok":true}', { status: 200 }))
    const user = renderForm(coursePage)
    await user.click(screen.getByRole('radio', { name: 'сб 5 декабря, 10:00' }))
    await fillAndSubmit(user)
    await leadTaken()
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      name: 'Анна',
      phone: '+7 (912) 345-67-89',
      group: 'made-up-saturday',
    })
  })

  it('a failed send keeps the chosen lesson', async () => {
    fetchMock.mockResolvedValue(new Response('boom', { status: 500 }))
    const user = renderForm(coursePage)
    await user.click(screen.getByRole('radio', { name: 'сб 5 декабря, 10:00' }))
    await fillAndSubmit(user)
    expect(await screen.findByText(SUBMIT_ERROR)).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'сб 5 декабря, 10:00' })).toBeChecked()
  })
})

describe('lead form', () => {
  it('posts exactly {name, phone} with the form tag in the query, then clears and reports the goal', async () => {
    fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }))
    const user = renderForm()
    await fillAndSubmit(user)
    await leadTaken()

    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0] ?? []
    const sent = new URL(String(url))
    expect(`${sent.origin}${sent.pathname}`).toBe('http://lead.test/send')
    expect(sent.searchParams.get('form')).toBe('feedback')
    expect(sent.searchParams.get('website')).toBe('')
    // The consent document's version: its date and the start of its text's SHA-256.
    expect(sent.searchParams.get('consent')).toSatisfy(isConsentVersion)
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Анна', phone: '+7 (912) 345-67-89' })
    expect(reachGoal).toHaveBeenCalledWith('sendForm')
    expect(onSuccess).toHaveBeenCalledTimes(1)
    expect(screen.getByLabelText('Имя')).toHaveValue('')
    expect(screen.getByLabelText('Телефон')).toHaveValue('')
  })

  it('sends where the visit came from; to a service that does not know it, the lead goes again without it', async () => {
    const visit = { utm_source: 'yandex', utm_medium: 'cpc', landing: '/' }
    sessionStorage.setItem(STORAGE_KEYS.visitSource, JSON.stringify(visit))
    fetchMock
      .mockResolvedValueOnce(
        new Response(
          '{"error":"invalid","message":"Unknown fields: source","fields":{},"unknownFields":["source"]}',
          { status: 400 },
        ),
      )
      .mockResolvedValueOnce(new Response('{"ok":true}', { status: 200 }))
    const user = renderForm()
    await fillAndSubmit(user)
    await leadTaken()

    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as unknown)
    const phone = '+7 (912) 345-67-89'
    expect(bodies).toEqual([
      { name: 'Анна', phone, source: { visit } },
      { name: 'Анна', phone },
    ])
    expect(reportError).not.toHaveBeenCalled()
  })

  it('a non-ok status raises the send error, reports it with the form tag and keeps the values', async () => {
    fetchMock.mockResolvedValue(new Response('boom', { status: 500 }))
    const user = renderForm()
    await fillAndSubmit(user)

    expect(await screen.findByText(SUBMIT_ERROR)).toBeInTheDocument()
    // An answer, even an error, is not sent again.
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(reportError).toHaveBeenCalledTimes(1)
    const [error, context] = vi.mocked(reportError).mock.calls[0] ?? []
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe('Ошибка отправки: 500 boom')
    expect(context).toEqual({ form: 'feedback', extra: { status: 500, body: 'boom' } })
    expect(screen.getByLabelText('Имя')).toHaveValue('  Анна ')
    expect(screen.getByLabelText('Телефон')).toHaveValue('+7 (912) 345-67-89')
    expect(reachGoal).not.toHaveBeenCalled()
    expect(onSuccess).not.toHaveBeenCalled()
  })

  it('a network failure is tried once more with the same request; the lead is taken', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('{"ok":true}', { status: 200 }))
    const user = renderForm()
    await fillAndSubmit(user)
    await leadTaken()

    expect(fetchMock).toHaveBeenCalledTimes(2)
    const [first, second] = fetchMock.mock.calls
    expect(second).toEqual(first)
    // The sending's id travels with both: the service stores the lead once.
    expect(String(first?.[0])).toMatch(/[?&]rid=[0-9a-f-]{36}(?:&|$)/)
    expect(JSON.parse(String(second?.[1]?.body))).toEqual({
      name: 'Анна',
      phone: '+7 (912) 345-67-89',
    })
    expect(reachGoal).toHaveBeenCalledWith('sendForm')
    expect(reportError).not.toHaveBeenCalled()
    expect(screen.queryByText(SUBMIT_ERROR)).not.toBeInTheDocument()
    expect(screen.getByLabelText('Телефон')).toHaveValue('')
  })

  it('a network failure twice is reported and keeps the values', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    const user = renderForm()
    await fillAndSubmit(user)

    expect(await screen.findByText(SUBMIT_ERROR)).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(fetchMock.mock.calls[1]).toEqual(fetchMock.mock.calls[0])
    expect(reportError).toHaveBeenCalledTimes(1)
    expect(reportError).toHaveBeenCalledWith(expect.any(TypeError), {
      form: 'feedback',
      extra: { network: true, message: 'Failed to fetch' },
    })
    expect(screen.getByLabelText('Имя')).toHaveValue('  Анна ')
    expect(screen.getByLabelText('Телефон')).toHaveValue('+7 (912) 345-67-89')
    expect(onSuccess).not.toHaveBeenCalled()
  })

  it('invalid input sends nothing and typing in the name clears its error', async () => {
    const user = renderForm()
    await user.click(screen.getByRole('button', { name: 'Оставить заявку' }))
    expect(screen.getByText('Введите имя')).toBeInTheDocument()
    expect(screen.getByText('Введите номер телефона')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Имя'), 'А')
    expect(screen.queryByText('Введите имя')).not.toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('is a real form posted to the lead service, with its context in hidden fields', () => {
    const id = Math.min(...courses.map((course) => course.id))
    renderForm(paths.course(id))
    const form = screen.getByRole('form', { name: 'Заявка' })
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveAttribute('action', 'http://lead.test/send')
    const hidden = Object.fromEntries(new FormData(form as HTMLFormElement))
    expect(hidden).toMatchObject({
      name: '',
      phone: '',
      website: '',
      form: 'feedback',
      course: String(id),
      page: paths.course(id),
      quiz: '',
    })
    expect(hidden.consent).toSatisfy(isConsentVersion)
  })
})
