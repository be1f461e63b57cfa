import { Menu, X } from 'lucide-react'
import { useState } from 'react'
import { Link, NavLink } from 'react-router'
import { Logo } from '~/components/logo'
import { useGoToContact } from '~/lib/go-to-contact'
import { paths } from '~/config/paths'
import { useScrolledPast } from '~/components/use-scrolled-past'

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

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false)
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD)
  const goToContact = useGoToContact()

  const onContact = () => {
    setMenuOpen(false)
    goToContact()
  }

  return (
    <header
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200 ${
        scrolled || menuOpen ? 'bg-white/85 shadow-md backdrop-blur-md' : 'bg-white'
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
          <button
            type="button"
            onClick={onContact}
            className="ml-2 rounded-xl bg-accent-500 px-5 py-2 font-bold text-slate-900 transition-colors hover:bg-accent-400"
          >
            Контакты
          </button>
        </nav>

        <button
          type="button"
          className="rounded-lg p-2 text-slate-800 md:hidden"
          aria-label={menuOpen ? 'Закрыть меню' : 'Открыть меню'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
      </div>

      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label="Мобильное меню"
          className="border-t border-slate-100 px-4 pb-4 md:hidden"
        >
          <ul className="flex flex-col gap-1 pt-2">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={(state) => `block ${navLinkClass(state)}`}
                  onClick={() => setMenuOpen(false)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={onContact}
                className="mt-2 w-full rounded-xl bg-accent-500 px-5 py-3 font-bold text-slate-900"
              >
                Контакты
              </button>
            </li>
          </ul>
        </nav>
      )}
    </header>
  )
}
