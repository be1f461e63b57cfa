import { Link } from 'react-router'
import { Logo } from '#app/components/logo.tsx'
import { COPYRIGHT_YEAR, school } from '#app/config/school.ts'
import { GROUPS } from '@it-lab/shared/catalogue'
import { hasInformationPage, paths } from '#app/config/paths.ts'

const FOOTER_LINKS = [
  // Only while there is a group (docs/decisions/0075-groups-and-trials.md).
  ...(GROUPS.length > 0 ? [{ to: paths.schedule, label: 'Расписание групп' }] : []),
  // Only a licensed school has the page (docs/decisions/0076-answers-reviews-way-licence.md).
  ...(hasInformationPage
    ? [{ to: paths.information, label: 'Сведения об образовательной организации' }]
    : []),
  { to: paths.privacyPolicy, label: 'Политика конфиденциальности' },
  { to: paths.consent, label: 'Согласие на обработку персональных данных' },
  // On every page, not only behind the cookie banner, which a returning visitor no longer sees.
  { to: paths.cookiePolicy, label: 'Политика использования файлов cookie' },
]

export function Footer() {
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 md:flex-row md:items-start md:justify-between">
        <div className="flex flex-col gap-3">
          <Logo inverted />
          <p>© {COPYRIGHT_YEAR} Все права защищены</p>
        </div>
        <div className="flex flex-col gap-2 text-sm md:items-end md:text-right">
          {FOOTER_LINKS.map(({ to, label }) => (
            <Link
              key={to}
              to={to}
              className="font-bold text-white underline underline-offset-4 hover:no-underline"
            >
              {label}
            </Link>
          ))}
          <p>{school.legalLine}</p>
        </div>
      </div>
    </footer>
  )
}
