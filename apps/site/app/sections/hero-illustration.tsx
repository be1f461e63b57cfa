import { brandColors } from '#app/config/brand.ts'
/** The hero picture: a code window, program blocks and a rocket, drawn inline (no image request). */
export function HeroIllustration({ className = '' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 480 400"
      width="480"
      height="400"
      aria-hidden="true"
      focusable="false"
      className={`h-auto w-full ${className}`}
    >
      <circle cx="250" cy="200" r="180" fill={brandColors['brand-100']} />
      <circle cx="410" cy="70" r="26" fill={brandColors['accent-400']} opacity=".9" />
      {/* code window */}
      <rect x="70" y="70" width="300" height="210" rx="22" fill={brandColors['brand-900']} />
      <rect x="70" y="70" width="300" height="40" rx="22" fill={brandColors['brand-800']} />
      <rect x="70" y="90" width="300" height="20" fill={brandColors['brand-800']} />
      <circle cx="98" cy="90" r="7" fill={brandColors['accent-500']} />
      <circle cx="120" cy="90" r="7" fill={brandColors['accent-400']} />
      <circle cx="142" cy="90" r="7" fill={brandColors['brand-200']} />
      <g strokeLinecap="round" strokeWidth="11">
        <path d="M100 140h70" stroke={brandColors['accent-400']} />
        <path d="M186 140h110" stroke={brandColors['brand-200']} />
        <path d="M124 170h90" stroke="#7ea7ff" />
        <path d="M230 170h60" stroke="#ffffff" />
        <path d="M124 200h50" stroke="#ffffff" />
        <path d="M190 200h120" stroke={brandColors['accent-400']} />
        <path d="M100 230h80" stroke={brandColors['brand-200']} />
      </g>
      {/* program blocks */}
      <g>
        <path d="M40 282h96l8 8h20l8-8h64v40H40z" fill={brandColors['accent-500']} />
        <path d="M40 322h96l8 8h20l8-8h34v40H40z" fill={brandColors['brand-500']} />
        <rect x="56" y="296" width="80" height="12" rx="6" fill="#fff" opacity=".85" />
        <rect x="56" y="336" width="60" height="12" rx="6" fill="#fff" opacity=".85" />
      </g>
      {/* rocket */}
      <g transform="translate(330 210) rotate(35)">
        <path
          d="M0-70c26 22 34 60 22 100H-22C-34-10-26-48 0-70z"
          fill="#ffffff"
          stroke={brandColors['brand-900']}
          strokeWidth="6"
        />
        <circle
          cx="0"
          cy="-20"
          r="13"
          fill={brandColors['brand-500']}
          stroke={brandColors['brand-900']}
          strokeWidth="6"
        />
        <path
          d="M-22 10l-20 30h22zM22 10l20 30H20z"
          fill={brandColors['accent-500']}
          stroke={brandColors['brand-900']}
          strokeWidth="6"
          strokeLinejoin="round"
        />
        <path d="M-12 34h24l-12 30z" fill={brandColors['accent-400']} />
      </g>
      {/* sparkles */}
      <path d="M420 170l6 14 14 6-14 6-6 14-6-14-14-6 14-6z" fill={brandColors['brand-500']} />
      <path d="M44 150l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill={brandColors['accent-500']} />
    </svg>
  )
}
