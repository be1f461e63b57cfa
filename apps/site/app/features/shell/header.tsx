import { Menu, X } from 'lucide-react'
import { Link, NavLink } from 'react-router'
import { Logo } from '#app/components/logo.tsx'
import { ContactLink } from '#app/components/contact-link.tsx'
import { GROUPS } from '@it-lab/shared/catalogue'
import { hasInformationPage, paths } from '#app/config/paths.ts'

const HEADER_SCROLL_THRESHOLD = 10

const navItems: { to: string; label: string; end: boolean; full?: string }[] = [
  { to: paths.home, label: 'Главная', end: true },
  { to: paths.courses, label: 'Курсы', end: false },
  // Only while there is a group (docs/decisions/0075-groups-and-trials.md).
  ...(GROUPS.length > 0 ? [{ to: paths.schedule, label: 'Расписание', end: false }] : []),
  // Only a licensed school has the page (docs/decisions/0076-answers-reviews-way-licence.md); the
  // wide header has room for the short word only, the phone menu for the page's whole name.
  ...(hasInformationPage
    ? [
        {
          to: paths.information,
          label: 'Сведения',
          full: 'Сведения об образовательной организации',
          end: false,
        },
      ]
    : []),
]

function navLinkClass({ isActive }: { isActive: boolean }) {
  return `rounded-lg px-3 py-2 font-bold transition-colors hover:text-brand-600 ${
    isActive ? 'text-brand-700' : 'text-slate-700'
  }`
}

const MOBILE_MENU_ID = 'mobile-menu'

const contactClass =
  'rounded-xl bg-accent-500 px-5 font-bold text-slate-900 transition-colors hover:bg-accent-400'

/**
 * The site's header. The phone menu is a native popover: the burger opens it and the cross, a tap
 * outside («Контакты» among them) or Esc close it, with or without JavaScript; with it, a
 * choice closes it too, and the header turns translucent once the page is scrolled
 * (islands/page-behaviours.ts, docs/behaviour.md "Header and scrolling").
 */
export function Header() {
  return (
    <header
      data-scrolled-past={HEADER_SCROLL_THRESHOLD}
      className="group fixed inset-x-0 top-0 z-40 bg-white transition-[background-color,box-shadow] duration-200 data-scrolled:bg-white/85 data-scrolled:shadow-md data-scrolled:backdrop-blur-md"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to={paths.home} aria-label="На главную" className="rounded-lg">
          <Logo decorative />
        </Link>

        <nav aria-label="Основное меню" className="hidden items-center gap-2 md:flex">
          {navItems.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
          <ContactLink className={`ml-2 py-2 ${contactClass}`}>Контакты</ContactLink>
        </nav>

        <button
          type="button"
          popoverTarget={MOBILE_MENU_ID}
          popoverTargetAction="show"
          className="rounded-lg p-2 text-slate-800 group-has-[:popover-open]:invisible md:hidden"
          aria-label="Открыть меню"
        >
          <Menu aria-hidden="true" />
        </button>
      </div>

      {/* While the menu is open this row lies over the burger: «Контакты» and the cross. It stays
          outside the popover, so a tap on «Контакты» is a tap outside, which closes the menu
          without JavaScript, while the link takes the page to the form (docs/behaviour.md,
          "Header and scrolling"). */}
      <nav
        aria-label="Мобильное меню"
        className="fixed top-0 right-0 hidden h-16 items-center gap-2 pr-4 max-md:has-[:popover-open]:flex"
      >
        <ContactLink className={`py-2 ${contactClass}`}>Контакты</ContactLink>
        <button
          type="button"
          popoverTarget={MOBILE_MENU_ID}
          popoverTargetAction="hide"
          className="rounded-lg p-2 text-slate-800"
          aria-label="Закрыть меню"
        >
          <X aria-hidden="true" />
        </button>

        {/* In the top layer below the header: the dimmed rest is a button that closes the menu,
            so a tap outside the panel never also follows a link underneath (light dismiss would
            let that tap through). */}
        <div
          id={MOBILE_MENU_ID}
          popover="auto"
          className="inset-x-0 top-16 bottom-0 m-0 h-auto max-h-none w-full max-w-none border-0 bg-transparent p-0"
        >
          <button
            type="button"
            popoverTarget={MOBILE_MENU_ID}
            popoverTargetAction="hide"
            tabIndex={-1}
            aria-hidden="true"
            className="absolute inset-0 size-full cursor-default bg-slate-900/30"
          />
          <ul className="relative flex flex-col gap-1 border-t border-slate-100 bg-white px-4 pt-2 pb-4 text-slate-800 shadow-md">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={(state) => `block ${navLinkClass(state)}`}
                >
                  {item.full ?? item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </header>
  )
}
