import { Menu, X } from 'lucide-react'
import { useRef } from 'react'
import { Link, NavLink } from 'react-router'
import { Logo } from '#app/components/logo.tsx'
import { ContactLink } from '#app/components/contact-link.tsx'
import { paths } from '#app/config/paths.ts'
import { useScrolledPast } from '#app/components/use-scrolled-past.ts'

const HEADER_SCROLL_THRESHOLD = 10

const navItems = [
  { to: paths.home, label: 'Главная', end: true },
  { to: paths.courses, label: 'Курсы', end: false },
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
 * outside or Esc close it, with or without JavaScript; once hydrated, a choice closes it too
 * (docs/behaviour.md, "Header and scrolling").
 */
export function Header() {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD)
  const menu = useRef<HTMLDivElement>(null)
  const closeMenu = () => menu.current?.hidePopover()

  return (
    <header
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200 ${
        scrolled ? 'bg-white/85 shadow-md backdrop-blur-md' : 'bg-white'
      }`}
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
          className="rounded-lg p-2 text-slate-800 md:hidden"
          aria-label="Открыть меню"
        >
          <Menu aria-hidden="true" />
        </button>
      </div>

      {/* In the top layer over the whole screen: the panel draws its own top row with the cross,
          and the dimmed rest is a button that closes the menu, so a tap outside the panel never
          also follows a link underneath (light dismiss would let that tap through). */}
      <div
        ref={menu}
        id={MOBILE_MENU_ID}
        popover="auto"
        className="inset-0 m-0 h-dvh max-h-none w-full max-w-none border-0 bg-transparent p-0 md:hidden"
      >
        <button
          type="button"
          popoverTarget={MOBILE_MENU_ID}
          popoverTargetAction="hide"
          tabIndex={-1}
          aria-hidden="true"
          className="absolute inset-0 size-full cursor-default bg-slate-900/30"
        />
        <div className="relative bg-white text-slate-800 shadow-md">
          <div className="flex h-16 items-center justify-between gap-4 px-4">
            <Logo decorative />
            <button
              type="button"
              popoverTarget={MOBILE_MENU_ID}
              popoverTargetAction="hide"
              className="rounded-lg p-2 text-slate-800"
              aria-label="Закрыть меню"
            >
              <X aria-hidden="true" />
            </button>
          </div>
          <nav aria-label="Мобильное меню" className="border-t border-slate-100 px-4 pb-4">
            <ul className="flex flex-col gap-1 pt-2">
              {navItems.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={(state) => `block ${navLinkClass(state)}`}
                    onClick={closeMenu}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <ContactLink
                  className={`mt-2 block w-full py-3 text-center ${contactClass}`}
                  onClick={closeMenu}
                >
                  Контакты
                </ContactLink>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </header>
  )
}
