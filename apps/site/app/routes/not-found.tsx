import { NotFoundView, PAGE_NOT_FOUND } from '#app/components/not-found-view.tsx'
import { brandColors } from '#app/config/brand.ts'
import { seo } from '#app/lib/seo.ts'

export const meta = () =>
  seo({
    ...__SEARCH_TEXTS__.notFound,
    noindex: true,
  })

export default function NotFoundPage() {
  return (
    <NotFoundView {...PAGE_NOT_FOUND}>
      <svg
        width="220"
        height="140"
        viewBox="0 0 220 140"
        role="img"
        aria-label="Потерявшийся робот с лупой"
        className="h-auto w-56"
      >
        <rect x="60" y="30" width="100" height="80" rx="18" fill={brandColors['brand-100']} />
        <rect x="78" y="50" width="64" height="34" rx="10" fill={brandColors['brand-600']} />
        <circle cx="96" cy="67" r="6" fill="#fff" />
        <circle cx="124" cy="67" r="6" fill="#fff" />
        <path
          d="M110 30V16"
          stroke={brandColors['brand-600']}
          strokeWidth="4"
          strokeLinecap="round"
        />
        <circle cx="110" cy="12" r="6" fill={brandColors['accent-500']} />
        <circle
          cx="172"
          cy="98"
          r="16"
          fill="none"
          stroke={brandColors['accent-500']}
          strokeWidth="6"
        />
        <path
          d="M184 110l14 14"
          stroke={brandColors['accent-500']}
          strokeWidth="8"
          strokeLinecap="round"
        />
      </svg>
      <p className="text-7xl font-extrabold text-brand-600">404</p>
    </NotFoundView>
  )
}
