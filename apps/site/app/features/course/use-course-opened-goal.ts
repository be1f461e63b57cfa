import { useEffect, useRef } from 'react'
import { reachGoal } from '#app/lib/analytics.ts'

/** Reports the goal `openCourseDetails` once each time a course is opened (not on re-renders). */
export function useCourseOpenedGoal(courseId: number): void {
  const reportedId = useRef<number>(undefined)
  useEffect(() => {
    if (reportedId.current === courseId) return
    reportedId.current = courseId
    reachGoal('openCourseDetails')
  }, [courseId])
}
