type LogoProps = { className?: string; inverted?: boolean }

/** The school's mark: a code bracket in a rounded square, with the name beside it. */
export function Logo({ className = '', inverted = false }: LogoProps) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <rect width="36" height="36" rx="10" fill={inverted ? '#ffffff' : '#2f6fed'} />
        <path
          d="M14 12l-6 6 6 6M22 12l6 6-6 6"
          fill="none"
          stroke={inverted ? '#2f6fed' : '#ffffff'}
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span
        className={`text-xl font-extrabold tracking-tight ${inverted ? 'text-white' : 'text-brand-900'}`}
      >
        IT Lab
      </span>
    </span>
  )
}
