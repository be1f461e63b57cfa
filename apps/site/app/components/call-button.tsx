import { Check, Phone } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { school } from '#app/config/school.ts'
import { reachGoal } from '#app/lib/analytics.ts'
import { DESKTOP_TAP_ATTRIBUTE } from '#app/lib/early-taps.ts'
import { buttonClass } from './button-styles'
import { useIsPhone } from './use-is-phone'

/** How long 'Скопировано!' stays on the button (docs/behaviour.md, "Call button"). */
export const COPY_CONFIRMATION_MS = 1500

/**
 * The school's short phone number. On phones a tel: link that dials; on desktop a button that
 * copies the number, shows 'Скопировано!' for 1.5 s and reports the goal `copyNumber`.
 */
export function CallButton() {
  const isPhone = useIsPhone()
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  const classes = buttonClass('outline', 'lg', 'tabular-nums')
  // A desktop tap on the prerendered link, before hydration, copies once the button is there.
  const desktopTap = { [DESKTOP_TAP_ATTRIBUTE]: 'call' }
  const { short, tel } = school.phone

  if (isPhone) {
    return (
      <a href={`tel:${tel}`} className={classes} {...desktopTap}>
        <Phone aria-hidden="true" className="size-5" />
        {/* Same width as the desktop button, so nothing moves when it replaces this link. */}
        <span className="grid justify-items-center">
          <span className="[grid-area:1/1]">
            <span className="sr-only">Позвонить:</span> {short}
          </span>
          <span aria-hidden="true" className="invisible [grid-area:1/1]">
            Скопировано!
          </span>
        </span>
      </a>
    )
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(short)
    } catch {
      // No clipboard (insecure page or a denied permission): the number stays readable on the button.
      return
    }
    reachGoal('copyNumber')
    setCopied(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS)
  }

  return (
    <button type="button" onClick={() => void copy()} className={classes} {...desktopTap}>
      {copied ? (
        <Check aria-hidden="true" className="size-5" />
      ) : (
        <Phone aria-hidden="true" className="size-5" />
      )}
      {/* The three layers share one grid cell, so the button keeps its width when the text changes. */}
      <span className="grid justify-items-center">
        <span
          aria-hidden={copied || undefined}
          className={`[grid-area:1/1] ${copied ? 'invisible' : ''}`}
        >
          <span className="sr-only">Скопировать номер:</span> {short}
        </span>
        <span aria-hidden="true" className="invisible [grid-area:1/1]">
          Скопировано!
        </span>
        <span aria-live="polite" className="[grid-area:1/1]">
          {copied ? 'Скопировано!' : ''}
        </span>
      </span>
    </button>
  )
}
