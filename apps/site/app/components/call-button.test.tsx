import { act, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { school } from '#app/config/school.ts'
import { reachGoal } from '#app/lib/analytics.ts'
import { CallButton, COPY_CONFIRMATION_MS } from './call-button'

vi.mock('#app/lib/analytics.ts', () => ({ reachGoal: vi.fn() }))

const { short, tel } = school.phone

function stubPointer(coarse: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: coarse && query === '(pointer: coarse)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  )
}

const writeText = vi.fn<(text: string) => Promise<void>>()

beforeEach(() => {
  vi.mocked(reachGoal).mockReset()
  writeText.mockReset().mockResolvedValue(undefined)
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('CallButton', () => {
  it('prerenders a tel: link, so the number dials without JavaScript', () => {
    const html = renderToString(<CallButton />)
    expect(html).toContain(`href="tel:${tel}"`)
    expect(html).toContain(short)
  })

  it('stays a tel: link on a touch device', () => {
    stubPointer(true)
    render(<CallButton />)
    expect(screen.getByRole('link', { name: `Позвонить: ${short}` })).toHaveAttribute(
      'href',
      `tel:${tel}`,
    )
  })

  it('on desktop copies the number, says «Скопировано!» for 1.5 s and reports copyNumber', async () => {
    stubPointer(false)
    vi.useFakeTimers()
    render(<CallButton />)
    const button = screen.getByRole('button', { name: `Скопировать номер: ${short}` })

    await act(async () => {
      fireEvent.click(button)
    })
    expect(writeText).toHaveBeenCalledWith(short)
    expect(reachGoal).toHaveBeenCalledExactlyOnceWith('copyNumber')
    expect(button).toHaveAccessibleName('Скопировано!')

    act(() => vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1))
    expect(button).toHaveAccessibleName('Скопировано!')
    act(() => vi.advanceTimersByTime(1))
    expect(button).toHaveAccessibleName(`Скопировать номер: ${short}`)
  })

  it('a second copy restarts the 1.5 s', async () => {
    stubPointer(false)
    vi.useFakeTimers()
    render(<CallButton />)
    const button = screen.getByRole('button')
    await act(async () => {
      fireEvent.click(button)
    })
    act(() => vi.advanceTimersByTime(1000))
    await act(async () => {
      fireEvent.click(button)
    })
    act(() => vi.advanceTimersByTime(1000))
    expect(button).toHaveAccessibleName('Скопировано!')
    act(() => vi.advanceTimersByTime(500))
    expect(button).toHaveAccessibleName(`Скопировать номер: ${short}`)
  })

  it('without clipboard access keeps the number and reports nothing', async () => {
    stubPointer(false)
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'))
    render(<CallButton />)
    const button = screen.getByRole('button')
    await act(async () => {
      fireEvent.click(button)
    })
    expect(button).toHaveAccessibleName(`Скопировать номер: ${short}`)
    expect(reachGoal).not.toHaveBeenCalled()
  })
})
