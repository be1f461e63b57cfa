import { afterEach, describe, expect, it, vi } from 'vitest'

const captureException = vi.fn()
const init = vi.fn()

vi.mock('@sentry/react', () => ({
  init,
  captureException,
  replayIntegration: () => ({ name: 'Replay' }),
}))

afterEach(() => {
  vi.resetModules()
  vi.doUnmock('~/config/env')
  captureException.mockReset()
  init.mockReset()
})

async function loadWithDsn(sentryDsn: string) {
  vi.doMock('~/config/env', () => ({
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

  it('initialises Sentry as documented and sends the error with its form tag', async () => {
    const { reportError } = await loadWithDsn('https://key@sentry.example/1')
    const error = new Error('Ошибка отправки: 500 boom')
    reportError(error, { form: 'trial_lesson_popup', extra: { status: 500 } })
    await vi.waitFor(() => expect(captureException).toHaveBeenCalledTimes(1))
    expect(captureException).toHaveBeenCalledWith(error, {
      tags: { form: 'trial_lesson_popup' },
      extra: { status: 500 },
    })
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@sentry.example/1',
        environment: 'production',
        tracesSampleRate: 0,
        replaysOnErrorSampleRate: 1,
        replaysSessionSampleRate: 0,
        dataCollection: expect.objectContaining({ userInfo: false, cookies: false }),
      }),
    )
  })
})
