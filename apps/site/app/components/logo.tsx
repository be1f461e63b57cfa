import { brandColors } from '#app/config/brand.ts'
import { school } from '#app/config/school.ts'

type LogoProps = {
  inverted?: boolean
  /** Inside a link that names itself ('На главную'), the logo is decoration only. */
  decorative?: boolean
}

/**
 * The school's mark (a code bracket in a rounded square) and the wordmark "IT Lab", drawn as
 * strokes rather than text, so the logo is one graphic: a link around it can carry its own name
 * without a visible-label mismatch (WCAG 2.5.3).
 */
export function Logo({ inverted = false, decorative = false }: LogoProps) {
  const ink = inverted ? '#ffffff' : brandColors['brand-900']
  return (
    <svg
      width="118"
      height="36"
      viewBox="0 0 118 36"
      focusable="false"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': school.name })}
    >
      <rect width="36" height="36" rx="10" fill={inverted ? '#ffffff' : brandColors['brand-500']} />
      <path
        d="M14 12l-6 6 6 6M22 12l6 6-6 6"
        fill="none"
        stroke={inverted ? brandColors['brand-500'] : '#ffffff'}
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <g
        fill="none"
        stroke={ink}
        strokeWidth="3.4"
        strokeLinecap="round"
        strokeLinejoin="round"
        transform="translate(46 7)"
      >
        {/* I */}
        <path d="M2 2v19" />
        {/* T */}
        <path d="M7 2h11M12.5 2v19" />
        {/* L */}
        <path d="M30 2v19h8" />
        {/* a */}
        <circle cx="47" cy="15" r="6" />
        <path d="M53 9v12" />
        {/* b */}
        <path d="M58 2v19" />
        <circle cx="64" cy="15" r="6" />
      </g>
    </svg>
  )
}
