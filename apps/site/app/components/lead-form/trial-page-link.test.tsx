import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PagePathContext } from '#app/components/page-path.tsx'
import { env } from '#app/config/env.ts'
import { LeadFormView } from './lead-form-view'
import { TrialPageLink } from './trial-page-link'
import { useLeadForm } from './use-lead-form'

vi.mock('#app/lib/analytics.ts', () => ({ reachGoal: vi.fn() }))
vi.mock('#app/lib/error-reporting.ts', () => ({ reportError: vi.fn() }))

const onSuccess = vi.fn()
const fetchMock = vi.fn<typeof fetch>()

/** The form and, as the thank-you dialogs show it, the link to her trial's page. */
function Harness() {
  const form = useLeadForm('feedback', onSuccess)
  return (
    <>
      <LeadFormView state={form} label="Заявка" submitLabel="Оставить заявку" />
      <TrialPageLink trialPage={form.trialPage} />
    </>
  )
}

async function send(answer: string) {
  fetchMock.mockResolvedValue(new Response(answer, { status: 200 }))
  render(
    <PagePathContext value="/">
      <Harness />
    </PagePathContext>,
  )
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('Имя'), 'Анна')
  await user.type(screen.getByLabelText('Телефон'), '9123456789')
  await user.click(screen.getByRole('button', { name: 'Оставить заявку' }))
  await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1))
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
  onSuccess.mockReset()
})
afterEach(() => vi.unstubAllGlobals())

describe('«Моя запись на пробное» after a lead (docs/decisions/0103-a-trial-she-holds.md)', () => {
  it('links her trial’s page on the lead service when the lead booked one', async () => {
    const trialPage = 'trial/AAAAAAAAAAAAAAAAAAAAAA'
    await send(JSON.stringify({ ok: true, trialPage }))
    expect(screen.getByRole('link', { name: 'Моя запись на пробное' })).toHaveAttribute(
      'href',
      `${env.leadApiUrl}/${trialPage}`,
    )
  })

  it.each([
    ['no trial', '{"ok":true}'],
    ['an answer that is no page of hers', '{"ok":true,"trialPage":"javascript:alert(1)"}'],
    ['an answer that is not JSON', 'ok'],
  ])('shows no link for %s', async (_case, answer) => {
    await send(answer)
    expect(screen.queryByRole('link', { name: 'Моя запись на пробное' })).toBeNull()
  })
})
