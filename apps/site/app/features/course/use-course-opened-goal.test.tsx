import { render } from '@testing-library/react'
import { StrictMode } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { reachGoal } from '#app/lib/analytics.ts'
import { useCourseOpenedGoal } from './use-course-opened-goal'

vi.mock('#app/lib/analytics.ts', () => ({ reachGoal: vi.fn() }))

function Probe({ id, tick = 0 }: { id: number; tick?: number }) {
  useCourseOpenedGoal(id)
  return <span>{tick}</span>
}

beforeEach(() => vi.mocked(reachGoal).mockReset())

describe('useCourseOpenedGoal', () => {
  it('reports openCourseDetails once per opened course, even in StrictMode and on re-renders', () => {
    const { rerender } = render(
      <StrictMode>
        <Probe id={4} />
      </StrictMode>,
    )
    expect(reachGoal).toHaveBeenCalledExactlyOnceWith('openCourseDetails')
    rerender(
      <StrictMode>
        <Probe id={4} tick={1} />
      </StrictMode>,
    )
    expect(reachGoal).toHaveBeenCalledTimes(1)
    rerender(
      <StrictMode>
        <Probe id={5} />
      </StrictMode>,
    )
    expect(reachGoal).toHaveBeenCalledTimes(2)
  })
})
