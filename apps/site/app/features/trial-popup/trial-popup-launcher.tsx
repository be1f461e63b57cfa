import { lazy, Suspense, useEffect, useState } from 'react'
import { dismissedRecently, TRIAL_POPUP_DELAY_MS } from './dismissal'

// The popup and its form load only when it is due, so they weigh nothing on the first load.
const TrialPopup = lazy(() => import('./trial-popup'))

/** Part of the shell: opens the trial-lesson popup 40 s after load unless dismissed in the last 7 days. */
export function TrialPopupLauncher() {
  const [due, setDue] = useState(false)

  useEffect(() => {
    if (dismissedRecently(Date.now())) return
    const timer = window.setTimeout(() => setDue(true), TRIAL_POPUP_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [])

  if (!due) return null
  return (
    <Suspense fallback={null}>
      <TrialPopup />
    </Suspense>
  )
}
