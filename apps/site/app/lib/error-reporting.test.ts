import { afterEach, describe, expect, it, vi } from 'vitest'

const captureException = vi.fn()
const init = vi.fn()

vi.mock('@sentry/react', () => ({
  init,
  captureException,
  linkedErrorsIntegration: () => ({ name: 'LinkedErrors' }),
  dedupeIntegration: () => ({ name: 'Dedupe' }),
  httpContextIntegration: () => ({ name: 'HttpContext' }),
}))

afterEach(() => {
  vi.resetModules()
  vi.doUnmock('#app/config/env.ts')
  captureException.mockReset()
  init.mockReset()
})

async function loadWithDsn(sentryDsn: string) {
  vi.doMock('#app/config/env.ts', () => ({
    env: { siteUrl: '', leadApiUrl: '', metrikaId: '', sentryDsn },
  }))
  return import('./error-reporting')
}

describe('reportError', () => {
  it('is a no-op without a DSN', async () => {
    const { reportError } = await loadWithDsn('')
    reportError(new Error('x'), { form: 'feedback' })
    await Promise.resolve()
    expect(init).not.toHaveBeenCalled()
    expect(captureException).not.toHaveBeenCalled()
  })

  it('starts Sentry only for a send error, without replay, and sends it with its form tag', async () => {
    const { reportError } = await loadWithDsn('https://key@sentry.example/1')
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(init, 'nothing starts before an error').not.toHaveBeenCalled()

    const error = new Error('Ошибка отправки: 500 boom')
    reportError(error, { form: 'trial_lesson_popup', extra: { status: 500 } })
    // The SDK is imported on the first error: on a busy machine that may take seconds.
    await vi.waitFor(() => expect(captureException).toHaveBeenCalledTimes(1), { timeout: 30_000 })
    expect(captureException).toHaveBeenCalledWith(error, {
      tags: { form: 'trial_lesson_popup' },
      extra: { status: 500 },
    })
    expect(init).toHaveBeenCalledTimes(1)
    const options = init.mock.calls[0]?.[0] as Record<string, unknown>
    expect(options).toMatchObject({
      dsn: 'https://key@sentry.example/1',
      environment: 'production',
      tracesSampleRate: 0,
      defaultIntegrations: false,
      dataCollection: expect.objectContaining({ userInfo: false, cookies: false }),
    })
    expect(options.integrations).toEqual([
      { name: 'LinkedErrors' },
      { name: 'Dedupe' },
      { name: 'HttpContext' },
    ])
    expect(options).not.toHaveProperty('replaysOnErrorSampleRate')
  })
})
